import { useState } from 'react';
import { Alert, Button, FileButton, List, Progress, Stack, Text } from '@mantine/core';
import { IconPhotoPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError, type UploadProgress } from '../api/client';

/** The picture kinds the API takes (it checks their content again). */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** What the browser can tell of a picture before it is sent: too large, or not a picture. */
export function usePictureCheck(maxBytes: number) {
  const { t } = useTranslation();
  return (file: File): string | null =>
    file.size > maxBytes
      ? t('validation.picture_too_large', { max: maxBytes / 1_048_576 })
      : file.type && !PICTURE_TYPES.includes(file.type)
        ? t('validation.picture_type')
        : null;
}

interface Refused {
  name: string;
  message: string;
}

/**
 * Files sent one after the other with their progress. `check` refuses at once what the browser
 * can tell (size, kind, a limit: its message, or null); the server checks every file again and
 * its field message is kept for the file it refuses. `onDone` gets how many were taken.
 */
export function useSequentialUpload({
  check,
  upload,
  onDone,
}: {
  check: (file: File, index: number) => string | null;
  upload: (file: File, onProgress: (progress: UploadProgress) => void) => Promise<unknown>;
  onDone: (added: number) => Promise<unknown> | void;
}) {
  const { t } = useTranslation();
  const [sending, setSending] = useState<{ name: string; progress: UploadProgress } | null>(null);
  const [refused, setRefused] = useState<Refused[]>([]);
  const send = async (files: File[]) => {
    const problems: Refused[] = [];
    let added = 0;
    for (const [index, file] of files.entries()) {
      const problem = check(file, index);
      if (problem) {
        problems.push({ name: file.name, message: problem });
        continue;
      }
      try {
        await upload(file, (progress) => setSending({ name: file.name, progress }));
        added += 1;
      } catch (error) {
        if (!(error instanceof ApiError) || error.isServerFailure) {
          problems.push({ name: file.name, message: t('errors.generic') });
        } else {
          problems.push({ name: file.name, message: error.details[0]?.message ?? error.message });
        }
      }
    }
    setSending(null);
    setRefused(problems);
    await onDone(added);
  };
  return { sending, refused, send, dismiss: () => setRefused([]) };
}

/** The button that picks files for a sequential upload; disabled once there is no room left. */
export function UploadButton({
  upload,
  accept,
  room,
  multiple = true,
  label,
  children,
}: {
  upload: ReturnType<typeof useSequentialUpload>;
  accept: readonly string[];
  room: number;
  multiple?: boolean;
  /** The button's accessible name when its text alone does not say what it is for. */
  label?: string;
  children: string;
}) {
  return (
    <FileButton
      multiple={multiple}
      accept={accept.join(',')}
      onChange={(files: File[] | File | null) => {
        const chosen = Array.isArray(files) ? files : files ? [files] : [];
        if (chosen.length) void upload.send(chosen);
      }}
    >
      {(props) => (
        <Button
          {...props}
          variant="light"
          leftSection={<IconPhotoPlus size={16} aria-hidden />}
          loading={upload.sending !== null}
          disabled={room <= 0}
          aria-label={label}
          // On a narrow screen the text wraps rather than being cut.
          h="auto"
          mih={36}
          py={6}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
        >
          {children}
        </Button>
      )}
    </FileButton>
  );
}

/** The file being sent with its progress bar, and the files refused with why. */
export function UploadStatus({
  upload,
  sendingLabel,
  refusedTitle,
}: {
  upload: ReturnType<typeof useSequentialUpload>;
  sendingLabel: (name: string) => string;
  refusedTitle: string;
}) {
  const { t } = useTranslation();
  const { sending, refused } = upload;
  return (
    <>
      {sending && (
        <Stack gap={4} role="status">
          <Text size="sm">{sendingLabel(sending.name)}</Text>
          <Progress
            value={sending.progress.phase === 'sending' ? sending.progress.percent : 100}
            animated={sending.progress.phase === 'checking'}
            aria-label={sendingLabel(sending.name)}
          />
        </Stack>
      )}
      {refused.length > 0 && (
        <Alert
          color="red"
          role="alert"
          title={refusedTitle}
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={upload.dismiss}
        >
          <List size="sm" spacing={2}>
            {refused.map((item, index) => (
              <List.Item key={`${item.name}-${index}`}>
                {item.name}: {item.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </>
  );
}
