import { Icon as BaseIcon, type IconProps } from '@/components/ui/icons';

/** The cart page's own icons: kept out of the shared icon module, which ships in the first chunk. */
function Icon(props: IconProps) {
  return <BaseIcon size={18} strokeWidth={1.7} {...props} />;
}

export const MinusIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 12h14" />
  </Icon>
);

export const PlusIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const TrashIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4.5A1.5 1.5 0 0 1 10.5 3h3A1.5 1.5 0 0 1 15 4.5V7" />
  </Icon>
);

export const ChevronDownIcon = (p: IconProps) => (
  <Icon size={14} {...p}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);
