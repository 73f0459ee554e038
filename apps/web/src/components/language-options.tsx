import { LOCALES, type Locale } from '@minecloud/contract/locales';
import { useQueryClient } from '@tanstack/react-query';
import { changeLocale } from '@/i18n/i18n';
import { LANGUAGE_NAMES } from '@/i18n/languages';
import { isLocale } from '@/lib/locale';
import { useSession } from '@/lib/session';
import './language-options.css';

/** Switches the interface and the session (language zh_CN style, localType zh-CN style). */
export function useSwitchLocale(): (locale: Locale) => Promise<void> {
  const queryClient = useQueryClient();
  const setLocale = useSession((state) => state.setLocale);
  return async (locale) => {
    await changeLocale(locale);
    setLocale(locale);
    // Server texts follow Accept-Language: fetch them again. Not content per language (banners,
    // notices): its key names the language it was asked in, so each entry is right as it is, and the
    // new language's are asked for by the next render.
    await queryClient.invalidateQueries({
      predicate: (query) => !query.queryKey.some((part) => typeof part === 'string' && isLocale(part)),
    });
  };
}

export function LanguageOptions({ onChosen }: { onChosen?: () => void }) {
  const current = useSession((state) => state.localType);
  const switchLocale = useSwitchLocale();
  return (
    <ul className="language-options">
      {LOCALES.map((locale) => (
        <li key={locale}>
          <button
            type="button"
            className={`plain-button language-options__item${locale === current ? ' is-selected' : ''}`}
            aria-pressed={locale === current}
            lang={locale}
            onClick={() => {
              onChosen?.();
              void switchLocale(locale);
            }}
            data-testid={`language-option-${locale}`}
          >
            {LANGUAGE_NAMES[locale]}
          </button>
        </li>
      ))}
    </ul>
  );
}
