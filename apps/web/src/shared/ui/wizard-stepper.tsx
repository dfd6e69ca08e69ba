import { Stepper } from '@mantine/core';
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
 * The portal's wizard stepper (spec: "multi-step wizard with a validation-error state per step"):
 * the proposal wizard and the /stepper kit page. Vertical on narrow screens, so it reads at 375 px.
 */
export const WizardStepper = ({
  steps,
  active,
  errors = new Set(),
  onStepClick,
  firstSelectable = 0,
  forwardLocked = false,
  'aria-label': ariaLabel,
}: WizardStepperProps) => {
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <Stepper
      active={active}
      onStepClick={onStepClick && ((n) => n >= firstSelectable && onStepClick(n))}
      size="sm"
      orientation={narrow ? 'vertical' : 'horizontal'}
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
