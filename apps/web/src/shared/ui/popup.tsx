import { limits } from '@aval/contracts';
import { Modal, type ModalProps } from '@mantine/core';
import { useEffect, useState } from 'react';

/** Base z-index of Mantine's modals. */
const BASE_Z_INDEX = 200;
const open = new Map<symbol, number>();

/** The z-index for a popup opening now: the highest open one plus 1 (spec §9). */
export const nextPopupZIndex = () => Math.max(BASE_Z_INDEX, ...open.values()) + 1;

export type PopupProps = Omit<ModalProps, 'closeOnClickOutside'> & {
  /** Close when clicking outside (off by default, spec §9). */
  closeOnOutsideClick?: boolean;
};

/** Popup of the kit: size sm by default, stacked above any open popup. */
export const Popup = ({
  opened,
  closeOnOutsideClick = false,
  size,
  zIndex,
  closeButtonProps,
  ...rest
}: PopupProps) => {
  const [z, setZ] = useState<number>(zIndex === undefined ? BASE_Z_INDEX : Number(zIndex));
  useEffect(() => {
    if (!opened) return;
    const key = Symbol('popup');
    const value = zIndex === undefined ? nextPopupZIndex() : Number(zIndex);
    open.set(key, value);
    setZ(value);
    return () => {
      open.delete(key);
    };
  }, [opened, zIndex]);
  return (
    <Modal
      opened={opened}
      size={size ?? limits.popupDefaultSize}
      zIndex={z}
      closeOnClickOutside={closeOnOutsideClick}
      centered
      closeButtonProps={{ 'aria-label': 'Fechar', ...closeButtonProps }}
      {...rest}
    />
  );
};
