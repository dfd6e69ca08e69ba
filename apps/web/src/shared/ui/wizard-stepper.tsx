import { Badge, Group, Progress, Select, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconExclamationMark } from '@tabler/icons-react';

/** One step of a wizard: its label and the body fields it owns (for its validation-error state). */
export type WizardStepDef = { label: string; fields: readonly string[] };

/** Steps owning any of the fields still missing or refused (shown in red, "Pendente"). */
export const stepsWithErrors = (steps: readonly WizardStepDef[], missingFields: readonly string[]) =>
  new Set(steps.flatMap((s, i) => (s.fields.some((f) => missingFields.includes(f)) ? [i] : [])));

export type WizardStepperProps = {
  steps: readonly WizardStepDef[];
  active: number;
  /** Steps with something missing: "Pendente" under the label, red once the user went past them. */
  errors?: ReadonlySet<number>;
  onStepClick?: (step: number) => void;
  /** Steps before this one cannot be selected (e.g. the wizard's start once a draft exists). */
  firstSelectable?: number;
  /** Steps after the active one cannot be selected. */
  forwardLocked?: boolean;
  'aria-label': string;
};

/**
 * The stepper of a phone: 'Etapa 3 de 9 · <nome>' with a progress bar, a select to jump to the
 * steps that can be reached, and the steps still pending (their validation-error state) named.
 */
export const CompactStepper = ({
  steps,
  active,
  errors = new Set(),
  onStepClick,
  firstSelectable = 0,
  forwardLocked = false,
  'aria-label': ariaLabel,
}: WizardStepperProps) => {
  const current = Math.min(active, steps.length - 1);
  const reachable = (i: number) => i >= firstSelectable && (!forwardLocked || i <= active);
  const pending = steps.flatMap((s, i) => (errors.has(i) ? [`${i + 1}. ${s.label}`] : []));
  return (
    <Stack gap={6} role="group" aria-label={ariaLabel}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700} size="sm" aria-live="polite">
          Etapa {current + 1} de {steps.length} · {steps[current]?.label}
        </Text>
        {errors.has(current) && (
          <Badge color="red.9" variant="light" style={{ flexShrink: 0 }}>
            Pendente
          </Badge>
        )}
      </Group>
      <Progress
        value={((current + 1) / steps.length) * 100}
        size="sm"
        aria-label={`Etapa ${current + 1} de ${steps.length}`}
      />
      {onStepClick && (
        <Select
          label="Ir para a etapa"
          size="sm"
          data={steps.map((s, i) => ({
            value: String(i),
            label: `${i + 1}. ${s.label}${errors.has(i) ? ' · Pendente' : ''}`,
            disabled: !reachable(i),
          }))}
          value={String(current)}
          onChange={(v) => v !== null && Number(v) !== current && onStepClick(Number(v))}
          allowDeselect={false}
          checkIconPosition="right"
        />
      )}
      {pending.length > 0 && (
        <Text size="xs" c="red.9">
          Etapas pendentes: {pending.join(', ')}
        </Text>
      )}
    </Stack>
  );
};

/**
 * The portal's wizard stepper (spec: "multi-step wizard with a validation-error state per step"):
 * the proposal wizard and the /stepper kit page. On a phone it is the compact header above, so the
 * form starts right under it at 375 px.
 */
export const WizardStepper = (props: WizardStepperProps) => {
  const narrow = useMediaQuery('(max-width: 36em)');
  return narrow ? <CompactStepper {...props} /> : <FullStepper {...props} />;
};

const FullStepper = ({
  steps,
  active,
  errors = new Set(),
  onStepClick,
  firstSelectable = 0,
  forwardLocked = false,
  'aria-label': ariaLabel,
}: WizardStepperProps) => {
  return (
    <Stepper
      active={active}
      onStepClick={onStepClick && ((n) => n >= firstSelectable && onStepClick(n))}
      size="sm"
      orientation="horizontal"
      allowNextStepsSelect={!forwardLocked}
      aria-label={ariaLabel}
    >
      {steps.map((s, i) => (
        <Stepper.Step
          key={s.label}
          label={s.label}
          color={errors.has(i) && i < active ? 'red' : undefined}
          description={errors.has(i) ? 'Pendente' : undefined}
          completedIcon={errors.has(i) ? <IconExclamationMark size={18} aria-hidden /> : undefined}
          allowStepSelect={i >= firstSelectable && (!forwardLocked || i <= active)}
        />
      ))}
    </Stepper>
  );
};
