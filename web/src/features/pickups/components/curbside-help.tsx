import { useEffect, useId, useState } from 'react';
import { useI18n } from '@/shared/i18n/i18n-context';
import type { MessageKey } from '@/shared/i18n/messages';
import { Button } from '@/shared/ui/button';

/** Spec 002 §9: the curbside alert banner moves to its next message every 5 seconds. */
export const TIP_ROTATION_MS = 5000;

const TIPS: MessageKey[] = ['pickups.tips.park', 'pickups.progress.guidance', 'pickups.tips.ready'];

const BOXES: { title: MessageKey; body: MessageKey }[] = [
  { title: 'pickups.help.howTitle', body: 'pickups.ready.body' },
  { title: 'pickups.help.bringTitle', body: 'pickups.help.bringBody' },
  { title: 'pickups.help.insideTitle', body: 'pickups.help.insideBody' },
];

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The ready page's alert banner (spec 000 §4, 002 §9): with several messages it shows the next one every
 * 5 seconds. Content that changes by itself needs a way to stop it (WCAG 2.2.2), so it has Pause, stops
 * while the pointer or focus is on it, and starts paused for shoppers who ask for reduced motion; the
 * message is announced only when the shopper moves it on, not on every turn.
 */
export function CurbsideTips() {
  const { t } = useI18n();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [held, setHeld] = useState(false);
  const [moved, setMoved] = useState(false);
  const running = !paused && !held;

  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(() => {
      setIndex((current) => (current + 1) % TIPS.length);
    }, TIP_ROTATION_MS);
    return () => {
      window.clearInterval(timer);
    };
  }, [running]);

  return (
    <section
      className="card curbside__tips"
      aria-label={t('pickups.tips.label')}
      onMouseEnter={() => {
        setHeld(true);
      }}
      onMouseLeave={() => {
        setHeld(false);
      }}
      onFocus={() => {
        setHeld(true);
      }}
      onBlur={() => {
        setHeld(false);
      }}
    >
      <p className="curbside__tip" aria-live={moved ? 'polite' : 'off'}>
        <span className="visually-hidden">{t('pickups.tips.count', { index: index + 1, count: TIPS.length })}: </span>
        {t(TIPS[index] ?? 'pickups.tips.park')}
      </p>
      <div className="curbside__tip-controls">
        <Button
          variant="secondary"
          onClick={() => {
            setPaused((value) => !value);
          }}
        >
          {paused ? t('pickups.tips.play') : t('pickups.tips.pause')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setMoved(true);
            setIndex((current) => (current + 1) % TIPS.length);
          }}
        >
          {t('pickups.tips.next')}
        </Button>
      </div>
    </section>
  );
}

/** The ready page's expandable boxes (spec 000 §4): only one is open at a time. */
export function CurbsideHelpBoxes() {
  const { t } = useI18n();
  const [open, setOpen] = useState<number | null>(null);
  const id = useId();
  return (
    <div className="curbside__boxes">
      {BOXES.map((box, index) => {
        const expanded = open === index;
        return (
          <div key={box.title} className="card curbside__box">
            <h2 className="curbside__box-title">
              <button
                type="button"
                className="curbside__box-toggle"
                aria-expanded={expanded}
                aria-controls={`${id}-${index}`}
                onClick={() => {
                  setOpen(expanded ? null : index);
                }}
              >
                {t(box.title)}
                <span className="chevron" aria-hidden="true" />
              </button>
            </h2>
            <div id={`${id}-${index}`} hidden={!expanded}>
              <p>{t(box.body)}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
