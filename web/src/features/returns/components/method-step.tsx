import { useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '@/shared/i18n/i18n-context';
import { useHelpLinks } from '@/shared/config/help-links';
import type { ReturnMethodOption } from '../model/return-options';
import { methodBoxes } from '../model/wizard';
import { ChangeYourMindList } from './change-your-mind-list';
import { MethodBox } from './method-box';

interface MethodStepProps {
  methods: ReturnMethodOption[];
  chosen: ReturnMethodOption | null;
  currency: string;
  isGuest: boolean;
  /** Null where sign-in is not offered (the standalone view without showSignin). */
  signInPath: string | null;
  proofOfPurchase: boolean;
  onChoose: (method: ReturnMethodOption) => void;
}

/**
 * Step 2 (spec 001 §2.1): one expandable box per method, only one open at a time (the chosen one). Opened
 * with a method already chosen (kept from before, the order's saved choice, or the only one offered), the
 * chosen box stands alone with the other methods in the change-your-mind list under it. Guests are offered
 * sign-in (free returns) in the boxes that cost them.
 */
export function MethodStep({
  methods,
  chosen,
  currency,
  isGuest,
  signInPath,
  proofOfPurchase,
  onChoose,
}: MethodStepProps) {
  const { t } = useI18n();
  const help = useHelpLinks();
  const name = useId();
  const boxes = methodBoxes(methods);
  // Only a choice the step opened with is set apart: while the shopper chooses, every box stays where it
  // is, because the arrow keys choose as they move through the radios and must find the next one there.
  const [openedChosen] = useState(chosen !== null);
  const chosenBox = openedChosen
    ? boxes.find((box) => box.options.some((option) => option.id === chosen?.id))
    : undefined;
  const shown = chosenBox ? [chosenBox] : boxes;
  const others = chosenBox ? boxes.filter((box) => box !== chosenBox) : [];
  // The list's button goes away with the switch: focus moves to the newly chosen method, not to the page.
  const chosenRadio = useRef<HTMLInputElement>(null);
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    chosenRadio.current?.focus();
  }, [chosen?.id]);
  return (
    <fieldset className="return-step">
      <legend className="return-step__legend">{t('returns.method.heading')}</legend>
      <div className="return-methods">
        {shown.map((box) => (
          <MethodBox
            key={box.key}
            box={box}
            chosen={chosen}
            name={name}
            currency={currency}
            isGuest={isGuest}
            signInPath={signInPath}
            proofOfPurchase={proofOfPurchase}
            radioRef={chosenRadio}
            onChoose={onChoose}
          />
        ))}
      </div>
      {others.length > 0 && (
        <ChangeYourMindList
          boxes={others}
          currency={currency}
          onChoose={(method) => {
            switched.current = true;
            onChoose(method);
          }}
        />
      )}
      <p>
        {/* Spec 001 §2.1: the country's how-to-return article (the generic help page where none is set). */}
        <a href={help.howToReturn}>{t('returns.method.learnMore')}</a>
      </p>
    </fieldset>
  );
}
