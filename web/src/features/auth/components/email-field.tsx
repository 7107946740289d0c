import { useI18n } from '@/shared/i18n/i18n-context';
import { TextField } from '@/shared/ui/text-field';

interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}

/** The e-mail field of the sign-in, forgot-password and sign-up forms: one label, one autofill hint. */
export function EmailField({ value, onChange, error }: EmailFieldProps) {
  const { t } = useI18n();
  return (
    <TextField
      label={t('auth.signIn.email')}
      type="email"
      name="email"
      autoComplete="email"
      error={error}
      value={value}
      onValueChange={onChange}
    />
  );
}
