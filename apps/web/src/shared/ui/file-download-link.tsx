import {
  getSharedAccessSignatureToUpload,
  getUrlFileDownload,
  type StorageInfo,
  uiMessages,
} from '@aval/contracts';
import { Anchor, Button, Loader } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { api } from '../../app/api.js';
import { readJson, storageKeys, writeJson } from '../../app/session/session-storage.js';
import { openErrorFrom } from './feedback-modals.js';
import { notifyError } from './notify.js';

/** `${Uri}/${ContainerName}/${relativePath}?${Signature}`; 'storageInfo not found!' without storage info. */
export const storageFileUrl = (info: StorageInfo | undefined, relativePath: string): string => {
  if (!info?.Uri || !info.ContainerName) throw new Error(uiMessages.storageInfoNotFound);
  const path = relativePath.replace(/^\/+/, '');
  const signature = info.Signature.replace(/^\?/, '');
  return `${info.Uri.replace(/\/+$/, '')}/${info.ContainerName}/${path}${signature ? `?${signature}` : ''}`;
};

/** Storage info of the company, kept in localStorage `storageInfo` (cleared on logout). */
export const getStorageInfo = async (): Promise<StorageInfo> => {
  const stored = readJson<StorageInfo>(storageKeys.storageInfo);
  if (stored) return stored;
  const info = await api.call(getSharedAccessSignatureToUpload);
  if (!info) throw new Error(uiMessages.storageInfoNotFound);
  writeJson(storageKeys.storageInfo, info);
  return info;
};

/** Fetches the file and saves it under `fileName`. */
export const saveFromUrl = async (url: string, fileName: string) => {
  const res = await fetch(url);
  if (!res.ok) throw new Error(uiMessages.requestFailed);
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
};

export type FileDownloadLinkProps = {
  fileName: string;
  /**
   * Archive id: a signed URL comes from GetUrlFileDownload, which checks the caller may see it (the
   * storage info's container signature only creates files, it never reads them).
   */
  archiveUniqueId: string;
  children?: ReactNode;
};

/** Link that downloads a stored file and saves it under the given name (spec §2). */
export const FileDownloadLink = ({ fileName, archiveUniqueId, children }: FileDownloadLinkProps) => {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const url = await api.call(getUrlFileDownload, { query: { ArchiveUniqueId: archiveUniqueId } });
      await saveFromUrl(url, fileName);
    } catch (e) {
      openErrorFrom(e instanceof Error && !('messages' in e) ? { messages: [e.message] } : e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Anchor
      component="button"
      type="button"
      onClick={download}
      disabled={busy}
      aria-busy={busy}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 6, textAlign: 'left' }}
    >
      {busy ? (
        <Loader size={14} aria-hidden />
      ) : (
        <IconDownload size={16} aria-hidden style={{ flexShrink: 0 }} />
      )}
      {children ?? fileName}
    </Anchor>
  );
};

/** A button that asks the server for a signed link and saves the file. */
export const DownloadButton = ({
  label,
  fileName,
  fetchUrl,
  variant = 'default',
}: {
  label: string;
  fileName: string;
  fetchUrl: () => Promise<string>;
  variant?: string;
}) => {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant={variant}
      loading={busy}
      leftSection={<IconDownload size={16} aria-hidden />}
      onClick={async () => {
        setBusy(true);
        try {
          await saveFromUrl(await fetchUrl(), fileName);
        } catch (e) {
          notifyError(e instanceof Error ? e.message : 'Não foi possível baixar o arquivo.');
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
    </Button>
  );
};
