/* global window, document, HTMLElement */
// Vastra's local Razorpay checkout (decision 060): the browser API of Razorpay's checkout.js —
// `new Razorpay(options).open()`, `handler(response)`, `modal.ondismiss`, `rzp.on('payment.failed')`
// — served by the shop's own API when no Razorpay keys are configured. No external requests, no
// inline styles (its stylesheet is a same-origin file), so the shop's CSP needs no exception.
(function () {
  'use strict';
  if (window.Razorpay && window.Razorpay.vastraEmulator) return;

  var script = document.currentScript;
  var base = script && script.src ? new URL('.', script.src).href : '/razorpay-emulator/';
  var PAY_URL = base + 'checkout/pay';
  var CSS_URL = base + 'checkout.css';
  var counter = 0;

  function stylesheet() {
    var existing = document.querySelector('link[data-vastra-rzp]');
    if (existing) return existing.vastraLoaded;
    var link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = CSS_URL;
    link.setAttribute('data-vastra-rzp', '');
    link.vastraLoaded = new Promise(function (resolve) {
      link.addEventListener('load', resolve);
      link.addEventListener('error', resolve);
    });
    document.head.appendChild(link);
    return link.vastraLoaded;
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      var value = attrs[key];
      if (value === undefined || value === null || value === false) return;
      if (key === 'text') node.textContent = value;
      else if (key === 'class') node.className = value;
      else node.setAttribute(key, value === true ? '' : String(value));
    });
    (children || []).forEach(function (child) {
      if (child) node.appendChild(child);
    });
    return node;
  }

  function formatAmount(paise, currency) {
    try {
      return new Intl.NumberFormat('en-IN', {
        style: 'currency',
        currency: currency || 'INR',
      }).format(paise / 100);
    } catch {
      return '₹' + (paise / 100).toFixed(2);
    }
  }

  function luhn(digits) {
    var sum = 0;
    for (var i = 0; i < digits.length; i += 1) {
      var digit = Number(digits.charAt(digits.length - 1 - i));
      if (i % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    return sum % 10 === 0;
  }

  function checkVpa(value) {
    if (!value) return 'Please enter your UPI ID';
    if (!/^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/.test(value))
      return 'Enter a UPI ID like name@okaxis';
    return '';
  }
  function checkCardNumber(value) {
    var digits = value.replace(/[\s-]/g, '');
    if (!digits) return 'Please enter your card number';
    if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return 'This card number is not valid';
    return '';
  }
  function checkExpiry(value) {
    var match = value.match(/^(\d{2})\s*\/\s*(\d{2})$/);
    if (!match) return 'Enter the expiry as MM/YY';
    var month = Number(match[1]);
    var year = 2000 + Number(match[2]);
    if (month < 1 || month > 12) return 'Enter the expiry as MM/YY';
    var now = new Date();
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
      return 'This card has expired';
    return '';
  }
  function checkCvv(value) {
    return /^\d{3,4}$/.test(value) ? '' : 'Enter the 3 or 4 digit CVV';
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || typeof options !== 'object') throw new Error('Razorpay: options are required');
    if (!options.key) throw new Error('Razorpay: the key option is required');
    if (!options.order_id) throw new Error('Razorpay: the order_id option is required');
    this.options = options;
    this.listeners = {};
    this.root = null;
  }

  Razorpay.vastraEmulator = true;

  Razorpay.prototype.on = function (event, callback) {
    (this.listeners[event] = this.listeners[event] || []).push(callback);
    return this;
  };

  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (callback) {
      try {
        callback(payload);
      } catch (error) {
        console.error(error);
      }
    });
  };

  Razorpay.prototype.close = function () {
    this.teardown();
  };

  Razorpay.prototype.teardown = function () {
    if (!this.root) return;
    document.removeEventListener('keydown', this.onKeydown, true);
    this.root.remove();
    this.root = null;
    document.documentElement.classList.remove('vrzp-open');
    if (this.returnFocus && typeof this.returnFocus.focus === 'function') this.returnFocus.focus();
  };

  Razorpay.prototype.dismiss = function () {
    if (!this.root || this.busy) return;
    this.teardown();
    var modal = this.options.modal || {};
    if (typeof modal.ondismiss === 'function') modal.ondismiss();
  };

  Razorpay.prototype.open = function () {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- ES5 closures need the instance
    var self = this;
    if (self.root) return self;
    var o = self.options;
    var prefill = o.prefill || {};
    var id = 'vrzp-' + (counter += 1);
    var amount = Number(o.amount) || 0;
    var amountText = formatAmount(amount, o.currency);
    self.returnFocus =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;

    function field(name, label, attrs, hint) {
      var input = el(
        'input',
        Object.assign({ id: id + '-' + name, name: name, class: 'vrzp-input' }, attrs),
      );
      var error = el('p', {
        id: id + '-' + name + '-error',
        class: 'vrzp-field-error',
        hidden: true,
      });
      var hintNode = hint
        ? el('p', { id: id + '-' + name + '-hint', class: 'vrzp-hint', text: hint })
        : null;
      input.setAttribute(
        'aria-describedby',
        [hintNode ? hintNode.id : '', error.id].filter(Boolean).join(' '),
      );
      var wrapper = el('div', { class: 'vrzp-field vrzp-field-' + name }, [
        el('label', { for: input.id, text: label }),
        input,
        hintNode,
        error,
      ]);
      return { wrapper: wrapper, input: input, error: error };
    }

    var vpa = field(
      'vpa',
      'UPI ID',
      {
        type: 'text',
        inputmode: 'email',
        autocomplete: 'off',
        placeholder: 'name@okaxis',
        spellcheck: 'false',
        value: prefill.vpa || '',
      },
      'Test mode: success@razorpay pays, failure@razorpay is declined.',
    );
    var number = field(
      'card-number',
      'Card number',
      {
        type: 'text',
        inputmode: 'numeric',
        autocomplete: 'cc-number',
        placeholder: '4111 1111 1111 1111',
        maxlength: '23',
      },
      'Test mode: 4111 1111 1111 1111 pays, 4000 0000 0000 0002 is declined.',
    );
    var expiry = field('card-expiry', 'Expiry (MM/YY)', {
      type: 'text',
      inputmode: 'numeric',
      autocomplete: 'cc-exp',
      placeholder: 'MM/YY',
      maxlength: '7',
    });
    var cvv = field('card-cvv', 'CVV', {
      type: 'password',
      inputmode: 'numeric',
      autocomplete: 'cc-csc',
      placeholder: '123',
      maxlength: '4',
    });

    var tabUpi = el('button', {
      type: 'button',
      role: 'tab',
      id: id + '-tab-upi',
      'aria-controls': id + '-panel-upi',
      class: 'vrzp-tab',
      text: 'UPI',
    });
    var tabCard = el('button', {
      type: 'button',
      role: 'tab',
      id: id + '-tab-card',
      'aria-controls': id + '-panel-card',
      class: 'vrzp-tab',
      text: 'Card',
    });
    var panelUpi = el(
      'div',
      {
        role: 'tabpanel',
        id: id + '-panel-upi',
        'aria-labelledby': tabUpi.id,
        class: 'vrzp-panel',
      },
      [vpa.wrapper],
    );
    var panelCard = el(
      'div',
      {
        role: 'tabpanel',
        id: id + '-panel-card',
        'aria-labelledby': tabCard.id,
        class: 'vrzp-panel',
      },
      [number.wrapper, el('div', { class: 'vrzp-row' }, [expiry.wrapper, cvv.wrapper])],
    );
    var status = el('p', { class: 'vrzp-status', role: 'alert', id: id + '-status' });
    var payButton = el('button', { type: 'submit', class: 'vrzp-pay', text: 'Pay ' + amountText });
    var failButton = el('button', {
      type: 'button',
      class: 'vrzp-fail',
      text: 'Simulate a failed payment',
    });
    var closeButton = el('button', {
      type: 'button',
      class: 'vrzp-close',
      'aria-label': 'Close payment window',
      text: '×',
    });
    var form = el('form', { class: 'vrzp-form', novalidate: true }, [
      el('div', { role: 'tablist', 'aria-label': 'Payment method', class: 'vrzp-tabs' }, [
        tabUpi,
        tabCard,
      ]),
      panelUpi,
      panelCard,
      status,
      payButton,
      failButton,
    ]);
    var payer = [prefill.name, prefill.email, prefill.contact].filter(Boolean).join(' · ');
    var dialog = el(
      'div',
      {
        role: 'dialog',
        'aria-modal': 'true',
        'aria-labelledby': id + '-title',
        'aria-describedby': id + '-desc',
        class: 'vrzp-dialog',
        tabindex: '-1',
      },
      [
        el('div', { class: 'vrzp-header' }, [
          el('div', { class: 'vrzp-merchant' }, [
            el('h2', { id: id + '-title', class: 'vrzp-title', text: o.name || 'Payment' }),
            el('p', {
              id: id + '-desc',
              class: 'vrzp-description',
              text: o.description || 'Complete your payment',
            }),
            payer ? el('p', { class: 'vrzp-payer', text: payer }) : null,
          ]),
          el('p', { class: 'vrzp-amount', text: amountText }),
          closeButton,
        ]),
        el('p', {
          class: 'vrzp-test-badge',
          text: 'Test mode — local Razorpay emulator. No money moves.',
        }),
        form,
      ],
    );
    var root = el('div', { class: 'vrzp-backdrop', 'data-vastra-razorpay': '', hidden: true }, [
      dialog,
    ]);
    self.root = root;
    document.body.appendChild(root);
    document.documentElement.classList.add('vrzp-open');

    var method = prefill.method === 'card' ? 'card' : 'upi';
    function select(next, focus) {
      method = next;
      [
        [tabUpi, panelUpi, 'upi'],
        [tabCard, panelCard, 'card'],
      ].forEach(function (entry) {
        var active = entry[2] === next;
        entry[0].setAttribute('aria-selected', active ? 'true' : 'false');
        entry[0].tabIndex = active ? 0 : -1;
        entry[1].hidden = !active;
      });
      setStatus('');
      if (focus) (next === 'upi' ? tabUpi : tabCard).focus();
    }
    tabUpi.addEventListener('click', function () {
      select('upi');
    });
    tabCard.addEventListener('click', function () {
      select('card');
    });
    [tabUpi, tabCard].forEach(function (tab) {
      tab.addEventListener('keydown', function (event) {
        if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].indexOf(event.key) < 0) return;
        event.preventDefault();
        var next =
          event.key === 'Home'
            ? 'upi'
            : event.key === 'End'
              ? 'card'
              : method === 'upi'
                ? 'card'
                : 'upi';
        select(next, true);
      });
    });
    select(method);

    number.input.addEventListener('input', function () {
      var digits = number.input.value.replace(/\D/g, '').slice(0, 19);
      number.input.value = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
    });
    expiry.input.addEventListener('input', function () {
      var digits = expiry.input.value.replace(/\D/g, '').slice(0, 4);
      expiry.input.value = digits.length > 2 ? digits.slice(0, 2) + '/' + digits.slice(2) : digits;
    });

    function setStatus(text) {
      status.textContent = text;
      status.hidden = !text;
    }
    function showError(f, message) {
      f.error.textContent = message;
      f.error.hidden = !message;
      if (message) f.input.setAttribute('aria-invalid', 'true');
      else f.input.removeAttribute('aria-invalid');
      return message;
    }

    function validate() {
      var fields =
        method === 'upi'
          ? [[vpa, checkVpa(vpa.input.value.trim())]]
          : [
              [number, checkCardNumber(number.input.value)],
              [expiry, checkExpiry(expiry.input.value.trim())],
              [cvv, checkCvv(cvv.input.value.trim())],
            ];
      var firstBad = null;
      fields.forEach(function (entry) {
        if (showError(entry[0], entry[1]) && !firstBad) firstBad = entry[0].input;
      });
      if (firstBad) firstBad.focus();
      return !firstBad;
    }

    function setBusy(busy) {
      self.busy = busy;
      payButton.disabled = busy;
      failButton.disabled = busy;
      closeButton.disabled = busy;
      payButton.textContent = busy ? 'Processing…' : 'Pay ' + amountText;
      dialog.setAttribute('aria-busy', busy ? 'true' : 'false');
    }

    function submit(simulateFailure) {
      if (self.busy) return;
      if (!simulateFailure && !validate()) return;
      var body = {
        key_id: o.key,
        order_id: o.order_id,
        method: method,
        email: prefill.email || undefined,
        contact: prefill.contact ? String(prefill.contact) : undefined,
        simulate_failure: simulateFailure || undefined,
      };
      if (method === 'upi')
        body.vpa = vpa.input.value.trim() || (simulateFailure ? 'failure@razorpay' : '');
      else
        body.card = {
          number: number.input.value || (simulateFailure ? '4111 1111 1111 1111' : ''),
          expiry: expiry.input.value.trim() || (simulateFailure ? '12/99' : ''),
          cvv: cvv.input.value.trim() || (simulateFailure ? '123' : ''),
        };
      setBusy(true);
      setStatus('');
      fetch(PAY_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        credentials: 'omit',
      })
        .then(function (response) {
          return response.json().then(function (answer) {
            return { ok: response.ok, answer: answer };
          });
        })
        .then(function (result) {
          setBusy(false);
          if (result.ok && result.answer.razorpay_payment_id) {
            self.teardown();
            if (typeof o.handler === 'function') {
              o.handler({
                razorpay_payment_id: result.answer.razorpay_payment_id,
                razorpay_order_id: result.answer.razorpay_order_id,
                razorpay_signature: result.answer.razorpay_signature,
              });
            }
            return;
          }
          var error = (result.answer && result.answer.error) || { description: 'Payment failed' };
          if (error.metadata && error.metadata.payment_id) {
            // A real attempt that failed: Razorpay keeps the window open so the shopper can retry.
            setStatus(error.description + ' You can try again or close this window.');
            self.emit('payment.failed', { error: error });
          } else {
            setStatus(error.description || 'Payment failed');
          }
        })
        .catch(function () {
          setBusy(false);
          setStatus('Could not reach the payment service. Check your connection and try again.');
        });
    }

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      submit(false);
    });
    failButton.addEventListener('click', function () {
      submit(true);
    });
    closeButton.addEventListener('click', function () {
      self.dismiss();
    });
    root.addEventListener('mousedown', function (event) {
      var modal = o.modal || {};
      if (event.target === root && modal.backdropclose) self.dismiss();
    });

    self.onKeydown = function (event) {
      if (!self.root) return;
      if (event.key === 'Escape' && (o.modal || {}).escape !== false) {
        event.preventDefault();
        event.stopPropagation();
        self.dismiss();
        return;
      }
      if (event.key !== 'Tab') return;
      // Keep focus inside the dialog (aria-modal).
      var focusable = Array.prototype.filter.call(
        dialog.querySelectorAll('button, input, [tabindex]:not([tabindex="-1"])'),
        function (node) {
          return !node.disabled && node.offsetParent !== null && node.tabIndex >= 0;
        },
      );
      if (!focusable.length) return;
      var first = focusable[0];
      var last = focusable[focusable.length - 1];
      if (!dialog.contains(document.activeElement)) {
        event.preventDefault();
        first.focus();
      } else if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', self.onKeydown, true);

    stylesheet().then(function () {
      if (self.root !== root) return;
      root.hidden = false;
      (method === 'upi' ? vpa.input : number.input).focus();
    });
    return self;
  };

  window.Razorpay = Razorpay;
})();
