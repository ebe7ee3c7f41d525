import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CLAIM_NAMESPACES } from '../../i18n/i18n';
import { useNavigate } from 'react-router';
import {
  CLAIM_LIMITS,
  type Claim,
  type ClaimCsvPreviewResponse,
  type ClaimKind,
  type ClaimOrderResponse,
} from '@portal/contract';
import { ApiError, type UploadProgress } from '../../shared/api/client';
import { useLocalizePath } from '../../shared/locale/use-locale';
import { notifySuccess } from '../../shared/ui/notify';
import { claimsKey, fetchClaimOrder, useCreateClaim } from './api/claims';
import { fileClaimCsv, previewClaimCsv, readHead } from './api/claim-csv';
import { KIND_PATH } from './claim-kinds';
import {
  checkBoxes,
  checkCsvFile,
  checkLines,
  checkSource,
  placeServerErrors,
  toCreateClaimRequest,
  type BoxDraft,
  type ClaimSource,
  type ClaimStep,
  type LineDraft,
} from './claim-form';
import type { BoxMessages } from './components/boxes-step';
import type { LineMessages } from './components/items-step';

type Messages = Record<string, Partial<Record<string, string>>>;
const translateAll = (errors: Record<string, Record<string, string>>, t: (k: string) => string) =>
  Object.fromEntries(
    Object.entries(errors).map(([id, fields]) => [
      id,
      Object.fromEntries(Object.entries(fields).map(([field, key]) => [field, t(key)])),
    ]),
  ) as Messages;

/** A field's message goes once the field changes. */
function withoutFields<T extends object>(
  errors: Partial<Record<string, string>> | undefined,
  change: T,
): Partial<Record<string, string>> {
  const rest = { ...errors };
  for (const field of Object.keys(change)) delete rest[field];
  return rest;
}

/** What is still wrong on a step: its first remaining field message, or nothing. */
const firstMessage = (errors: Record<string, Partial<Record<string, string>> | undefined>) =>
  Object.values(errors)
    .flatMap((fields) => Object.values(fields ?? {}))
    .find((message) => message !== undefined) ?? null;

let boxCounter = 0;
const newBox = (): BoxDraft => ({
  key: `box-${++boxCounter}`,
  carrier: '',
  tracking_code: '',
  number_of_boxes: 1,
});

/** The claim form's state and its moves from step to step (checks, uploads, submit). */
export function useClaimWizard(kind: ClaimKind) {
  const { t } = useTranslation(CLAIM_NAMESPACES);
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const queryClient = useQueryClient();
  const createClaim = useCreateClaim();

  const [step, setStep] = useState<ClaimStep>(0);
  const [busy, setBusy] = useState(false);
  const [source, setSource] = useState<ClaimSource>('order');
  const [orderNumber, setOrderNumber] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [sourceError, setSourceError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [order, setOrder] = useState<ClaimOrderResponse | null>(null);
  const [preview, setPreview] = useState<ClaimCsvPreviewResponse | null>(null);
  const [drafts, setDrafts] = useState<Record<string, LineDraft>>({});
  const [lineErrors, setLineErrors] = useState<LineMessages>({});
  const [itemsMessage, setItemsMessage] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | undefined>();
  const [boxes, setBoxes] = useState<BoxDraft[]>([]);
  const [boxErrors, setBoxErrors] = useState<BoxMessages>({});
  const [boxesMessage, setBoxesMessage] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const request =
    source === 'order' && order
      ? toCreateClaimRequest(kind, orderNumber, order.lines, drafts, boxes, comment)
      : null;

  /** A refused call: its field details where they belong, else its message on `fallback`. */
  const showFailure = (error: unknown, fallback: (message: string) => void) => {
    if (!(error instanceof ApiError) || error.isServerFailure) return;
    if (!error.details.length || !request) {
      fallback(error.details[0]?.message ?? error.message);
      return;
    }
    const placed = placeServerErrors(error.details, request, boxes);
    const lines: LineMessages = {};
    const boxMessages: BoxMessages = {};
    for (const item of placed) {
      if (item.step === 0) setSourceError(item.message);
      if (item.step === 1 && item.sku && item.field) {
        lines[item.sku] = { ...lines[item.sku], [item.field]: item.message };
      } else if (item.step === 1 && item.field === 'comment') setCommentError(item.message);
      else if (item.step === 1) setItemsMessage(item.message);
      if (item.step === 2 && item.boxKey && item.field) {
        boxMessages[item.boxKey] = { ...boxMessages[item.boxKey], [item.field]: item.message };
      } else if (item.step === 2) setBoxesMessage(item.message);
    }
    setLineErrors(lines);
    setBoxErrors(boxMessages);
    setStep(Math.min(...placed.map((item) => item.step)) as ClaimStep);
  };

  const afterFiled = (claim: Claim) => {
    void queryClient.invalidateQueries({ queryKey: claimsKey });
    notifySuccess(t(`claims:${kind}.filed`, { number: claim.claim_number }));
    void navigate(localize(`${KIND_PATH[kind]}/${claim._id}`));
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const fromSource = () =>
    run(async () => {
      const problem = checkSource(source, orderNumber, file);
      if (problem) return setSourceError(t(problem));
      setSourceError(null);
      if (source === 'file' && file) {
        const csvProblem = checkCsvFile(file.name, file.size, await readHead(file));
        if (csvProblem)
          return setSourceError(
            t(csvProblem, { max: String(CLAIM_LIMITS.csvMaxBytes / 1024 / 1024) }),
          );
        try {
          setPreview(await previewClaimCsv(kind, file, setProgress));
          setItemsMessage(null);
          setStep(1);
        } catch (error) {
          showFailure(error, setSourceError);
        }
        return;
      }
      try {
        const answer = await fetchClaimOrder(kind, orderNumber.trim());
        if (answer.eligibility) {
          return setSourceError(t(`claims:eligibility.${answer.eligibility}`));
        }
        if (answer.order?.order_number !== order?.order?.order_number) {
          setDrafts({});
          setLineErrors({});
        }
        setOrder(answer);
        setItemsMessage(null);
        setStep(1);
      } catch (error) {
        showFailure(error, setSourceError);
      }
    });

  const fromItems = () => {
    if (source === 'file') {
      if (!preview?.valid_rows) return setItemsMessage(t('validation.csv_no_valid_rows'));
    } else if (order) {
      const checked = checkLines(order.lines, drafts);
      setLineErrors(translateAll(checked.lines, t) as LineMessages);
      setItemsMessage(checked.message ? t(checked.message) : null);
      if (checked.message) return;
    }
    setStep(2);
  };

  const fromBoxes = () => {
    const checked = checkBoxes(boxes);
    setBoxErrors(translateAll(checked.boxes, t) as BoxMessages);
    setBoxesMessage(checked.message ? t(checked.message) : null);
    if (!checked.message) {
      setSubmitError(null);
      setStep(3);
    }
  };

  const submit = () =>
    run(async () => {
      setSubmitError(null);
      try {
        if (request) afterFiled(await createClaim.mutateAsync(request));
        else if (file) afterFiled(await fileClaimCsv(kind, file, boxes, comment, setProgress));
      } catch (error) {
        showFailure(error, setSubmitError);
      }
    });

  const moves = [fromSource, fromItems, fromBoxes, submit] as const;

  return {
    step,
    setStep,
    busy,
    next: () => void moves[step](),
    source: {
      source,
      onSource: (value: ClaimSource) => {
        setSource(value);
        setSourceError(null);
      },
      orderNumber,
      onOrderNumber: (value: string) => {
        setOrderNumber(value);
        setSourceError(null);
      },
      file,
      onFile: (value: File | null) => {
        setFile(value);
        setPreview(null);
        setSourceError(null);
      },
      error: sourceError,
      progress,
    },
    order,
    preview,
    items: {
      drafts,
      onDraft: (sku: string, change: Partial<LineDraft>) => {
        setDrafts((current) => ({
          ...current,
          [sku]: {
            ...(current[sku] ?? { selected: false, quantity: 1, reason: '', demand_action: '' }),
            ...change,
          },
        }));
        // A corrected field loses its message; the others keep theirs until the next check, and
        // the step's message names what is still wrong (nothing once all is right).
        const remaining = { ...lineErrors, [sku]: withoutFields(lineErrors[sku], change) };
        setLineErrors(remaining);
        if (itemsMessage) setItemsMessage(firstMessage(remaining));
      },
      errors: lineErrors,
      message: itemsMessage,
      comment,
      onComment: (value: string) => {
        setComment(value);
        setCommentError(undefined);
      },
      commentError,
    },
    boxes: {
      boxes,
      onAdd: () => {
        setBoxes((current) => [...current, newBox()]);
        if (!boxes.length) setBoxesMessage(null);
      },
      onChange: (key: string, change: Partial<BoxDraft>) => {
        setBoxes((current) =>
          current.map((box) => (box.key === key ? { ...box, ...change } : box)),
        );
        const remaining = { ...boxErrors, [key]: withoutFields(boxErrors[key], change) };
        setBoxErrors(remaining);
        if (boxesMessage) setBoxesMessage(firstMessage(remaining));
      },
      onRemove: (key: string) => {
        setBoxes((current) => current.filter((box) => box.key !== key));
        const remaining = Object.fromEntries(
          Object.entries(boxErrors).filter(([boxKey]) => boxKey !== key),
        );
        setBoxErrors(remaining);
        if (boxesMessage && boxes.length > 1) setBoxesMessage(firstMessage(remaining));
      },
      errors: boxErrors,
      message: boxesMessage,
    },
    review: { request, submitError },
    progress,
  };
}
