// /orders/mvr/multiple-orders: order MVRs for a whole sheet of drivers. Download the template, fill
// one driver per row, upload (with real upload progress). Every row is checked before anything is
// ordered: either every error is listed (and nothing was placed), or all orders are placed in one
// report group, whose page then shows them being processed.
import { Alert, Anchor, Badge, Box, Breadcrumbs, Button, Code, CloseButton, Group, Loader, Paper, Progress, Stack, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconFileSpreadsheet, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { BULK_MVR_COLUMNS, BULK_ORDER_LIMITS, type BulkOrderFileFormat } from '@clearlane/contract/bulk-orders';
import { notify } from '../../../lib/toasts/notify.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useDownloadTemplate } from '../api/download-template.ts';
import { sheetRejectionOf, useUploadBulkOrders, type SheetRejection } from '../api/upload-bulk-orders.ts';
import type { UploadProgress } from '../../../lib/http.ts';
import { ACCEPTED_EXTENSIONS, fileProblem, formatBytes, formatCount, plural } from './format.ts';
import { RowErrors } from './row-errors.tsx';
import { RulesetSelect } from '../../../components/ruleset-select.tsx';

// The contract's RuleNamespaceSchema, checked here as the user types (the server checks again).
const RULE_NAMESPACE = /^[a-z0-9][a-z0-9-]{0,62}$/;
const ACCEPT = [...ACCEPTED_EXTENSIONS, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'].join(',');

type Phase =
  | { name: 'idle' }
  | { name: 'uploading'; progress: UploadProgress }
  | { name: 'processing' }
  | { name: 'rejected'; rejection: SheetRejection; fileName: string }
  | { name: 'failed'; message: string };

export function TemplateButtons() {
  const download = useDownloadTemplate();
  const [pending, setPending] = useState<BulkOrderFileFormat | null>(null);
  const start = (format: BulkOrderFileFormat) => {
    setPending(format);
    download.mutate(format, {
      onError: (error) => notify.error(`The template could not be downloaded. ${error.message}`),
      onSettled: () => setPending(null),
    });
  };
  return (
    <Group gap="xs" role="group" aria-label="Download the template">
      <Button variant="default" leftSection={<IconFileSpreadsheet size={16} aria-hidden />} loading={pending === 'xlsx'} onClick={() => start('xlsx')}>
        Template (XLSX)
      </Button>
      <Button variant="default" leftSection={<IconFileTypeCsv size={16} aria-hidden />} loading={pending === 'csv'} onClick={() => start('csv')}>
        Template (CSV)
      </Button>
    </Group>
  );
}

function ColumnsTable() {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Columns of the sheet" verticalSpacing="xs" withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Column</Table.Th>
            <Table.Th scope="col">Required</Table.Th>
            <Table.Th scope="col">Example</Table.Th>
            <Table.Th scope="col">What to enter</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {BULK_MVR_COLUMNS.map((column) => (
            <Table.Tr key={column.key}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text span fz="sm" fw={600}>
                  {column.header}
                </Text>
              </Table.Td>
              <Table.Td>
                {column.required ? (
                  <Badge color="red.9" variant="outline" style={{ minWidth: 'max-content' }}>
                    Required
                  </Badge>
                ) : (
                  <Text span fz="sm" c="dimmed">
                    Optional
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{column.example ? <Code>{column.example}</Code> : <Text span fz="sm" c="dimmed">—</Text>}</Table.Td>
              <Table.Td>
                <Text fz="sm">{column.description}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function BulkOrdersPage() {
  useDocumentTitle('Order MVRs in bulk · Clearlane');
  const navigate = useNavigate();
  const upload = useUploadBulkOrders();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [isAutoAdjudicated, setAutoAdjudicated] = useState(true);
  const [ruleNamespace, setRuleNamespace] = useState('default');
  const [ruleError, setRuleError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [dragging, setDragging] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorsHeadingRef = useRef<HTMLHeadingElement>(null);
  const progressRef = useRef<HTMLDivElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const hintId = useId();
  const fileErrorId = useId();
  const busy = phase.name === 'uploading' || phase.name === 'processing';

  // A refused sheet: move focus to the summary so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (phase.name === 'rejected') errorsHeadingRef.current?.focus();
  }, [phase]);
  // The upload button gives way to the progress: focus follows it instead of falling to the page.
  const uploading = phase.name === 'uploading';
  useEffect(() => {
    if (uploading) progressRef.current?.focus();
  }, [uploading]);
  // Leaving the page cancels an upload still under way.
  useEffect(() => () => abortRef.current?.abort(), []);

  const choose = (chosen: File | null | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setFileError(fileProblem(chosen, BULK_ORDER_LIMITS.maxFileBytes));
    setPhase({ name: 'idle' });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) choose(event.dataTransfer.files[0]);
  };

  const checkRule = (value: string) => (RULE_NAMESPACE.test(value.trim()) ? null : 'Ruleset must be lowercase letters, digits and hyphens, for example default');

  const submit = async () => {
    if (!file) {
      setFileError('Choose a sheet to upload.');
      chooseRef.current?.focus();
      return;
    }
    const problem = fileProblem(file, BULK_ORDER_LIMITS.maxFileBytes);
    const rule = isAutoAdjudicated ? checkRule(ruleNamespace) : null;
    setFileError(problem);
    setRuleError(rule);
    if (problem || rule) return;

    const controller = new AbortController();
    abortRef.current = controller;
    setPhase({ name: 'uploading', progress: { loaded: 0, total: file.size } });
    try {
      const result = await upload.mutateAsync({
        file,
        options: { isAutoAdjudicated, ruleNamespace: ruleNamespace.trim() },
        signal: controller.signal,
        onProgress: (progress) => setPhase(progress.total !== null && progress.loaded >= progress.total ? { name: 'processing' } : { name: 'uploading', progress }),
      });
      notify.success(`${plural(result.totalOrders, 'MVR order')} placed from ${result.fileName}.`);
      await navigate({ to: '/reports/group/$id', params: { id: result.reportGroupId } });
    } catch (caught) {
      if (caught instanceof DOMException && caught.name === 'AbortError') {
        setPhase({ name: 'idle' });
        notify.info('Upload cancelled: no orders were placed.');
        return;
      }
      const rejection = sheetRejectionOf(caught);
      if (rejection) {
        setPhase({ name: 'rejected', rejection, fileName: file.name });
        return;
      }
      if (caught instanceof ApiError) {
        const ruleMessage = caught.fieldMessage('ruleNamespace');
        if (ruleMessage) {
          setRuleError(`Ruleset ${ruleMessage}`);
          setPhase({ name: 'idle' });
          return;
        }
        const fileMessage = caught.fieldMessage('file');
        setPhase({ name: 'failed', message: fileMessage ? `${file.name}: ${fileMessage}` : caught.message });
        return;
      }
      setPhase({ name: 'failed', message: caught instanceof Error ? caught.message : 'The sheet could not be uploaded.' });
    } finally {
      abortRef.current = null;
    }
  };

  const percent = phase.name === 'uploading' && phase.progress.total ? Math.floor((phase.progress.loaded / phase.progress.total) * 100) : phase.name === 'processing' ? 100 : 0;
  const progressText =
    phase.name === 'uploading'
      ? `Uploading ${file?.name ?? 'the sheet'}: ${percent} %${phase.progress.total ? ` (${formatBytes(phase.progress.loaded)} of ${formatBytes(phase.progress.total)})` : ''}`
      : 'Uploaded. Checking every row and placing the orders…';

  return (
    <Stack gap="lg" maw={1100}>
      <Breadcrumbs aria-label="Breadcrumb">
        <Anchor component={Link} to="/orders" fz="sm">
          Orders
        </Anchor>
        <Text fz="sm" aria-current="page">
          Order MVRs in bulk
        </Text>
      </Breadcrumbs>

      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4} maw={640}>
          <Title order={1}>Order MVRs in bulk</Title>
          <Text c="dimmed">
            Upload a sheet with one driver per row to order all their motor vehicle records at once. Start from the template: it has the columns below and an
            example row, which shows the format and is not ordered: replace it with your drivers.
          </Text>
        </Stack>
        <TemplateButtons />
      </Group>

      <Paper component="section" withBorder radius="md" p="md" aria-labelledby="upload-heading">
        <Stack gap="md">
          <Title order={2} fz="lg" id="upload-heading">
            Upload the sheet
          </Title>

          <Group gap="xl" align="flex-start">
            <Switch
              label="Adjudicate automatically"
              description="Judge each MVR with a ruleset: Pass, Fail or Indeterminate."
              checked={isAutoAdjudicated}
              onChange={(event) => {
                setAutoAdjudicated(event.currentTarget.checked);
                setRuleError(null);
              }}
              disabled={busy}
              maw={320}
            />
            <RulesetSelect
              label="Ruleset"
              description="The company ruleset that judges the orders."
              value={ruleNamespace}
              onChange={(namespace) => {
                setRuleNamespace(namespace);
                setRuleError(null);
              }}
              error={ruleError}
              disabled={!isAutoAdjudicated || busy}
              w={{ base: '100%', sm: 440 }}
            />
          </Group>

          <Box
            onDragOver={(event) => {
              event.preventDefault();
              if (!busy) setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            p="lg"
            style={{
              border: `2px dashed ${dragging ? 'var(--mantine-color-lane-7)' : fileError ? 'var(--mantine-color-red-9)' : 'var(--mantine-color-gray-5)'}`,
              borderRadius: 'var(--mantine-radius-md)',
              background: dragging ? 'var(--mantine-color-lane-0)' : 'var(--mantine-color-gray-0)',
            }}
          >
            <Stack align="center" gap="xs">
              <IconUpload size={32} aria-hidden color="var(--mantine-color-gray-7)" />
              <Text fw={600}>Drag the sheet here, or</Text>
              {/* Not displayed: the button opens it (keyboard and screen readers use the button). */}
              <input
                ref={inputRef}
                type="file"
                accept={ACCEPT}
                data-testid="bulk-sheet-input"
                disabled={busy}
                onChange={(event) => {
                  choose(event.currentTarget.files?.[0]);
                  // Choosing the same file again (after fixing it) must fire change again.
                  event.currentTarget.value = '';
                }}
                style={{ display: 'none' }}
              />
              <Button ref={chooseRef} variant="light" disabled={busy} aria-describedby={fileError ? `${hintId} ${fileErrorId}` : hintId} onClick={() => inputRef.current?.click()}>
                Choose a sheet (XLSX or CSV)
              </Button>
              <Text id={hintId} fz="sm" c="dimmed" ta="center">
                XLSX or CSV, at most {formatBytes(BULK_ORDER_LIMITS.maxFileBytes)} and {formatCount(BULK_ORDER_LIMITS.maxRows)} rows (the header row not counted).
              </Text>
            </Stack>
          </Box>

          {file && (
            <Group gap="sm" justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <IconFileSpreadsheet size={20} aria-hidden />
                <Text fz="sm" fw={600}>
                  {file.name}
                </Text>
                <Text fz="sm" c="dimmed">
                  {formatBytes(file.size)}
                </Text>
              </Group>
              {!busy && (
                <CloseButton
                  aria-label={`Remove ${file.name}`}
                  onClick={() => {
                    setFile(null);
                    setFileError(null);
                    setPhase({ name: 'idle' });
                  }}
                />
              )}
            </Group>
          )}
          {fileError && (
            <Text id={fileErrorId} fz="sm" c="red.9" role="alert">
              {fileError}
            </Text>
          )}

          {busy ? (
            <Stack gap="xs" ref={progressRef} tabIndex={-1} style={{ outline: 'none' }}>
              <Group gap="xs">
                {phase.name === 'processing' && <Loader size={16} aria-hidden />}
                <Text fz="sm" fw={600}>
                  {progressText}
                </Text>
              </Group>
              <Progress.Root size="lg" role="progressbar" aria-label="Upload of the sheet" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={progressText}>
                <Progress.Section withAria={false} value={percent} animated={phase.name === 'processing'} />
              </Progress.Root>
              <Group>
                <Button variant="default" onClick={() => abortRef.current?.abort()} disabled={phase.name === 'processing'}>
                  Cancel upload
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group>
              <Button leftSection={<IconUpload size={18} aria-hidden />} onClick={() => void submit()} disabled={!file || Boolean(fileError)}>
                Upload and place orders
              </Button>
              <Text fz="sm" c="dimmed">
                Nothing is ordered unless every row is right.
              </Text>
            </Group>
          )}
          {/* Phase changes only, not every percent: a screen reader hears "uploading", then "checking". */}
          <VisuallyHidden role="status">{phase.name === 'uploading' ? 'Uploading the sheet.' : phase.name === 'processing' ? 'Uploaded. Checking every row and placing the orders.' : ''}</VisuallyHidden>
        </Stack>
      </Paper>

      {phase.name === 'rejected' && <RowErrors ref={errorsHeadingRef} fileName={phase.fileName} rowErrors={phase.rejection.rowErrors} rowErrorCount={phase.rejection.rowErrorCount} />}
      {phase.name === 'failed' && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title="The sheet could not be uploaded">
          <Text fz="sm">{phase.message}</Text>
          <Text fz="sm">No orders were placed.</Text>
        </Alert>
      )}

      <Paper component="section" withBorder radius="md" p="md" aria-labelledby="columns-heading">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="columns-heading">
            Columns of the sheet
          </Title>
          <Text fz="sm" c="dimmed">
            The first row holds the column names (in any order, upper or lower case); each row below it is one driver. Columns marked Required must be filled in on every row.
          </Text>
          <ColumnsTable />
        </Stack>
      </Paper>
    </Stack>
  );
}
