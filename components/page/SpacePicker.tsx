import type { ReadonlySignal, Signal } from '@preact/signals';
import { formatDuration } from '@/lib/api/messages';
import type { Lang } from '@/lib/i18n';
import { pageMessages } from '@/lib/page/messages';
import type { SpaceView } from '@/lib/page/outcome';

interface SpacePickerProps {
  lang: Lang;
  spaces: ReadonlySignal<SpaceView[]>;
  spaceId: Signal<number | null>;
  disabled?: boolean;
}

/** A compact choice of the space, the default one first; nothing to choose with a single space. */
export function SpacePicker({ lang, spaces, spaceId, disabled }: SpacePickerProps) {
  const m = pageMessages[lang];
  if (spaces.value.length < 2) return null;
  return (
    <select
      aria-label={m.space}
      title={m.space}
      value={String(spaceId.value ?? '')}
      disabled={disabled}
      onChange={(event) => {
        spaceId.value = Number(event.currentTarget.value);
      }}
    >
      {spaces.value.map((space) => (
        <option key={space.id} value={String(space.id)}>
          {space.isActive
            ? m.spaceOption(space.name, formatDuration(space.availableSeconds))
            : m.spaceNotPaid(space.name)}
        </option>
      ))}
    </select>
  );
}
