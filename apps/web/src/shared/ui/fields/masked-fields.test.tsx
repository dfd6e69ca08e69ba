import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CpfCnpjInput, DocumentSearchInput, MoneyInput, PercentInput } from './masked-fields.js';

afterEach(cleanup);

/** A form field holding the decimal, as a form would. */
const Harness = ({
  kind,
  initial = '',
  seen,
}: {
  kind: 'money' | 'percent';
  initial?: string;
  seen: (value: string) => void;
}) => {
  const [value, setValue] = useState(initial);
  const onChange = (v: string) => {
    seen(v);
    setValue(v);
  };
  const Input = kind === 'money' ? MoneyInput : PercentInput;
  return (
    <MantineProvider>
      <Input label="Campo" value={value} onChange={onChange} />
      <output data-testid="value">{value}</output>
    </MantineProvider>
  );
};

const field = () => screen.getByLabelText('Campo') as HTMLInputElement;

/** Types (or pastes) text into the empty field the way the browser reports it, then leaves it. */
const enter = async (text: string) => {
  const input = field();
  await act(async () => {
    input.focus();
    input.value = text;
    input.setSelectionRange(text.length, text.length);
    fireEvent.input(input);
  });
  await act(async () => {
    fireEvent.change(input);
    fireEvent.blur(input);
  });
};

describe('MoneyInput', () => {
  it('should take "250,5" as R$ 250,50 and give the form the decimal', async () => {
    const seen = vi.fn();
    render(<Harness kind="money" seen={seen} />);
    await enter('250,5');
    expect(field().value).toBe('R$ 250,50');
    expect(screen.getByTestId('value').textContent).toBe('250.5');
  });

  it('should take a pasted "R$ 1.234,56" as is', async () => {
    render(<Harness kind="money" seen={vi.fn()} />);
    await enter('R$ 1.234,56');
    expect(field().value).toBe('R$ 1.234,56');
    expect(screen.getByTestId('value').textContent).toBe('1234.56');
  });

  it('should show a stored decimal formatted without reporting a change', async () => {
    const seen = vi.fn();
    render(<Harness kind="money" initial="1500000.00" seen={seen} />);
    expect(field().value).toBe('R$ 1.500.000,00');
    expect(seen).not.toHaveBeenCalled();
  });
});

describe('PercentInput', () => {
  it('should take "40" as 40,00 %', async () => {
    render(<Harness kind="percent" seen={vi.fn()} />);
    await enter('40');
    expect(field().value).toBe('40,00');
    expect(field().parentElement?.textContent).toContain('%');
    expect(screen.getByTestId('value').textContent).toBe('40');
    expect(field().getAttribute('aria-invalid')).not.toBe('true');
  });

  it('should refuse a value over the maximum with the range message', async () => {
    render(<Harness kind="percent" seen={vi.fn()} />);
    await enter('150');
    expect(screen.getByText('O valor não pode ser maior que 100')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
  });
});

describe('CPF/CNPJ of a search box', () => {
  const Box = ({ search }: { search: boolean }) => {
    const [value, setValue] = useState('');
    const Input = search ? DocumentSearchInput : CpfCnpjInput;
    return (
      <MantineProvider>
        <Input label="CPF/CNPJ" value={value} onChange={setValue} />
      </MantineProvider>
    );
  };
  const typeAndLeave = (text: string) => {
    const input = screen.getByLabelText('CPF/CNPJ');
    fireEvent.change(input, { target: { value: text } });
    fireEvent.blur(input);
  };

  it('should accept a CNPJ root, masked or not, and alphanumeric fragments', () => {
    for (const fragment of ['61198164', '61.198.164', '12AB5678', '0001']) {
      render(<Box search />);
      typeAndLeave(fragment);
      expect(screen.queryByText('CNPJ inválido')).toBeNull();
      cleanup();
    }
  });

  it('should still refuse a complete CNPJ with wrong check digits', () => {
    render(<Box search />);
    typeAndLeave('61.198.164/0001-61');
    expect(screen.getByText('CNPJ inválido')).toBeTruthy();
  });

  it('should keep the full check in a registration field', () => {
    render(<Box search={false} />);
    typeAndLeave('61198164');
    expect(screen.queryByText(/inválido/)).not.toBeNull();
  });
});
