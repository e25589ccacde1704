import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LIMITS } from '@vastra/shared/constants';
import {
  ADMIN_PRODUCT_MESSAGES as M,
  type AdminProduct,
  type AdminProductUpdate,
} from '@vastra/shared/schemas/admin';
import { ApiError, toastApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/document-meta';
import { notify } from '@/lib/toast';
import { addProductImages, createProduct, deleteProduct, updateProduct } from '../api/admin-calls';
import { Button, buttonClass } from '@/components/ui/button';
import { LoadErrorPanel } from '@/components/ui/load-error';
import { FormRefusal, useSchemaForm } from '@/components/ui/form';
import { card, Loading, PageHeading, useConfirm } from '../ui';
import { loadErrorMessage } from '@/lib/query';
import { invalidateProducts } from '../admin-keys';
import { sizeRefusedBelowHeld } from '../stock/stock-words';
import { ImagePicker } from './image-picker';
import {
  EMPTY_DRAFT,
  ProductFields,
  productFormSchema,
  productInput,
  stockDraft,
  type ProductDraft,
  type ProductFormValues,
} from './product-fields';
import { checkImages } from './upload-checks';
import { useAdminProduct } from './use-admin-product';

type Product = AdminProduct;

/** A refusal the owner can act on: the server's own message (it names what is wrong). */
function serverMessage(error: unknown): string | null {
  return error instanceof ApiError && error.kind === 'http'
    ? (error.serverMessage ?? error.message)
    : null;
}

/** The product form, checked with the API's own schemas (docs/decisions/085, 112). */
function useProductForm(draft: ProductDraft) {
  return useSchemaForm<ProductDraft, ProductFormValues>({
    schema: productFormSchema,
    defaultValues: draft,
    prepare: productInput,
  });
}

const backLink = (
  <Link to="/admin/products" className={buttonClass('secondary')}>
    Back to products
  </Link>
);

/** /admin/products/new: the fields and 1–4 pictures, checked here with the server's messages. */
export function NewProductPage() {
  useDocumentMeta('Admin · Add product');
  const navigate = useNavigate();
  const form = useProductForm(EMPTY_DRAFT);
  const [files, setFiles] = useState<File[]>([]);
  const [imageError, setImageError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  /** The pictures are checked beside the fields, whether or not the fields are right. */
  const checkFiles = () => {
    const problem = files.length === 0 ? M.noImage : checkImages(files);
    setImageError(problem ?? undefined);
    return problem;
  };

  const onSubmit = form.handleSubmit(async (fields) => {
    if (checkFiles() || saving) return;
    setSaving(true);
    try {
      const answer = await createProduct(fields, files);
      notify.success(answer.message);
      invalidateProducts();
      navigate(`/admin/products?search=${encodeURIComponent(answer.product.name)}`);
    } catch (error) {
      // Nothing was stored; say why beside the form as well as in a toast.
      const refusal = serverMessage(error);
      if (refusal) form.refuse(refusal);
      toastApiError(error);
      setSaving(false);
    }
  }, checkFiles);

  return (
    <>
      <PageHeading
        title="Add product"
        text="It is in the shop as soon as it is saved."
        actions={backLink}
      />
      <form onSubmit={onSubmit} noValidate className={`${card} max-w-3xl space-y-6 p-4 sm:p-6`}>
        <FormRefusal message={form.refusal && `Not saved: ${form.refusal}`} />
        <ProductFields form={form} />
        <ImagePicker
          label="Pictures"
          files={files}
          error={imageError}
          onChange={(chosen) => {
            setFiles(chosen);
            // A new choice is a new attempt: the last refusal was about the old one.
            form.clearErrors('root');
            setImageError(checkImages(chosen) ?? undefined);
          }}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Add product'}
          </Button>
        </div>
      </form>
    </>
  );
}

function draftOf(product: Product): ProductDraft {
  return {
    name: product.name,
    description: product.description,
    price: String(product.price),
    mrp: product.mrp === null ? '' : String(product.mrp),
    category: product.category,
    subCategory: product.subCategory,
    hsn: product.hsn,
    sizes: [...product.sizes],
    stock: stockDraft((size) => product.stock[size]?.onHand ?? 0),
  };
}

/** /admin/products/:id: change the fields, add, reorder or remove pictures, or delete it. */
export function EditProductPage() {
  const { id = '' } = useParams();
  const loaded = useAdminProduct(id);
  const { error } = loaded;
  useDocumentMeta(`Admin · ${loaded.data?.name ?? 'Edit product'}`);

  // The admin read answers deleted products too (their stock history stays readable), but a
  // deleted product is not edited (decision 085).
  const gone =
    loaded.data?.deletedAt != null ||
    (error instanceof ApiError && (error.status === 404 || error.status === 400));
  if (gone || (loaded.data === undefined && error !== undefined && !loaded.fetching))
    return (
      <>
        <PageHeading title="Edit product" actions={backLink} />
        {gone ? (
          <p className={`${card} px-6 py-12 text-center`}>
            This product is not in the shop (it may have been deleted).
          </p>
        ) : (
          <LoadErrorPanel
            what="the product"
            message={loadErrorMessage(error)}
            onRetry={loaded.refresh}
          />
        )}
      </>
    );
  if (loaded.data === undefined)
    return (
      <>
        <PageHeading title="Edit product" actions={backLink} />
        <Loading label="Loading the product" rows={2} />
      </>
    );
  return (
    <EditProductForm
      key={loaded.data._id}
      product={loaded.data}
      onSaved={(p) => {
        loaded.set(() => p);
        invalidateProducts();
      }}
      onStale={loaded.refresh}
    />
  );
}

function EditProductForm({
  product,
  onSaved,
  onStale,
}: {
  product: Product;
  onSaved: (product: Product) => void;
  /** The product changed under the form (a refusal says so): load it again. */
  onStale: () => void;
}) {
  const navigate = useNavigate();
  const form = useProductForm(draftOf(product));
  const [files, setFiles] = useState<File[]>([]);
  const [imageError, setImageError] = useState<string | undefined>();
  const [busy, setBusy] = useState<'fields' | 'images' | 'delete' | null>(null);
  const [confirmDialog, confirm] = useConfirm();
  const room = LIMITS.productImagesMax - product.image.length;

  const saveFields = form.handleSubmit(async (now) => {
    if (busy) return;
    const change: AdminProductUpdate = {};
    if (now.name !== product.name) change.name = now.name;
    if (now.description !== product.description) change.description = now.description;
    if (now.price !== product.price) change.price = now.price;
    // A blanked MRP is sent as null: the product has none from now on.
    if ((now.mrp ?? null) !== product.mrp) change.mrp = now.mrp ?? null;
    if (now.hsn !== undefined && now.hsn !== product.hsn) change.hsn = now.hsn;
    if (now.category !== product.category) change.category = now.category;
    if (now.subCategory !== product.subCategory) change.subCategory = now.subCategory;
    if (now.sizes.join() !== product.sizes.join()) change.sizes = now.sizes;
    const stock = Object.entries(now.stock).filter(
      ([size, units]) => units !== (product.stock[size]?.onHand ?? 0),
    );
    if (stock.length > 0) change.stock = Object.fromEntries(stock);
    if (Object.keys(change).length === 0) return notify.info(M.nothingToChange);
    setBusy('fields');
    try {
      const answer = await updateProduct(product._id, change);
      notify.success(answer.message);
      onSaved(answer.product);
    } catch (error) {
      // Units held by unpaid orders: the refusal goes beside its size, and the held counts shown
      // beside every size are loaded again (they have changed since the form opened).
      const refusal = serverMessage(error);
      const size = refusal && sizeRefusedBelowHeld(refusal, Object.keys(change.stock ?? {}));
      if (refusal && size) {
        form.setError(`stock.${size}`, { message: refusal }, { shouldFocus: true });
        onStale();
      }
      toastApiError(error);
    } finally {
      setBusy(null);
    }
  });

  const changeImages = async (images: string[]) => {
    setBusy('images');
    try {
      const answer = await updateProduct(product._id, { images });
      notify.success(answer.message);
      onSaved(answer.product);
    } catch (error) {
      toastApiError(error);
    } finally {
      setBusy(null);
    }
  };

  const upload = async () => {
    const problem = files.length === 0 ? M.noImage : checkImages(files, product.image.length);
    setImageError(problem ?? undefined);
    if (problem) return;
    setBusy('images');
    try {
      const answer = await addProductImages(product._id, files);
      notify.success(answer.message);
      setFiles([]);
      onSaved(answer.product);
    } catch (error) {
      setImageError(serverMessage(error) ?? undefined);
      toastApiError(error);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    const ok = await confirm({
      title: `Delete “${product.name}”?`,
      text: 'It leaves the shop at once. Orders that hold it keep their copy.',
      confirm: 'Delete product',
      danger: true,
    });
    if (!ok) return;
    setBusy('delete');
    try {
      const answer = await deleteProduct(product._id);
      notify.success(answer.message);
      invalidateProducts();
      navigate('/admin/products');
    } catch (error) {
      toastApiError(error);
      setBusy(null);
    }
  };

  return (
    <>
      <PageHeading
        title="Edit product"
        text={product.name}
        actions={
          <>
            <Link to={`/product/${product._id}`} className={buttonClass('secondary')}>
              See in shop
            </Link>
            <Link to={`/admin/products/${product._id}/stock`} className={buttonClass('secondary')}>
              Stock history
            </Link>
            {backLink}
          </>
        }
      />
      <div className="max-w-3xl space-y-6">
        <form onSubmit={saveFields} noValidate className={`${card} space-y-6 p-4 sm:p-6`}>
          <ProductFields form={form} current={product.stock} />
          <Button type="submit" disabled={busy === 'fields'}>
            {busy === 'fields' ? 'Saving…' : 'Save changes'}
          </Button>
        </form>

        <section aria-labelledby="pictures" className={`${card} space-y-4 p-4 sm:p-6`}>
          <h2 id="pictures" className="font-serif text-xl">
            Pictures
          </h2>
          <ul aria-label="The product’s pictures" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {product.image.map((url, index) => (
              <li key={url} className="border border-line bg-white">
                <img
                  src={url}
                  alt={`Picture ${index + 1}`}
                  width={160}
                  height={200}
                  className="aspect-[4/5] w-full object-cover"
                />
                <div className="flex justify-between gap-1 px-2 py-1.5 text-xs">
                  <button
                    type="button"
                    className="underline-offset-2 hover:underline disabled:invisible"
                    disabled={index === 0 || busy !== null}
                    onClick={() => {
                      const next = [...product.image];
                      [next[index - 1], next[index]] = [next[index]!, next[index - 1]!];
                      void changeImages(next);
                    }}
                    aria-label={`Move picture ${index + 1} earlier`}
                  >
                    ← Earlier
                  </button>
                  <button
                    type="button"
                    className="text-accent underline-offset-2 hover:underline disabled:invisible"
                    disabled={product.image.length === 1 || busy !== null}
                    onClick={() => void changeImages(product.image.filter((u) => u !== url))}
                    aria-label={`Remove picture ${index + 1}`}
                  >
                    Remove
                  </button>
                </div>
              </li>
            ))}
          </ul>
          {room > 0 ? (
            <>
              <ImagePicker
                label="Add pictures"
                files={files}
                room={room}
                error={imageError}
                onChange={(chosen) => {
                  setFiles(chosen);
                  setImageError(checkImages(chosen, product.image.length) ?? undefined);
                }}
              />
              <Button
                type="button"
                variant="secondary"
                disabled={busy === 'images'}
                onClick={() => void upload()}
              >
                {busy === 'images' ? 'Uploading…' : 'Upload pictures'}
              </Button>
            </>
          ) : (
            <p className="text-sm text-muted">{M.tooManyImages}. Remove one to add another.</p>
          )}
        </section>

        <section
          aria-labelledby="danger"
          className={`${card} flex flex-wrap items-center justify-between gap-4 p-4 sm:p-6`}
        >
          <div>
            <h2 id="danger" className="font-serif text-xl">
              Delete
            </h2>
            <p className="text-sm text-muted">Takes it out of the shop; past orders keep it.</p>
          </div>
          <Button
            type="button"
            variant="danger"
            disabled={busy === 'delete'}
            onClick={() => void remove()}
          >
            Delete product
          </Button>
        </section>
      </div>
      {confirmDialog}
    </>
  );
}
