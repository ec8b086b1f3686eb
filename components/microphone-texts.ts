/**
 * The texts of the microphone in "Record here", both languages: the microphone page
 * (components/Microphone.tsx) and the popup's lines about the microphone (components/app/Recorder.tsx).
 */
import { featureText } from './feature-texts';

const en = {
  pageTitle: 'Your microphone in recordings',
  why: 'When Meeting Capture records a tab, it can mix in your microphone, so that your own voice is in the recording, the transcript and the protocol beside the other participants’.',
  how: 'Chrome asks you once, here: the recording itself runs in a hidden page that cannot ask. Chrome remembers your answer for Meeting Capture. The microphone is used only while you record a tab.',
  allow: 'Allow the microphone',
  asking: 'Chrome is asking you…',
  allowed: 'The microphone is allowed: your voice will be recorded with the tab. You can close this tab.',
  refused:
    'Chrome did not allow the microphone: recordings will hold the tab’s sound only. To allow it later, open Chrome’s settings for Meeting Capture, set Microphone to Allow, then record again.',
  missing: 'No microphone was found. Plug one in, then press “Allow the microphone” again.',
  alreadyAllowed: 'The microphone is already allowed for Meeting Capture.',
  blocked:
    'Chrome blocks the microphone for Meeting Capture. To allow it, open Chrome’s settings for Meeting Capture and set Microphone to Allow.',
  openSettings: 'Open Chrome’s settings for Meeting Capture',
  // The popup.
  notAskedYet: 'Chrome has not asked you for the microphone yet.',
  askNow: 'Allow the microphone…',
  blockedShort: 'Chrome blocks the microphone for Meeting Capture: only the tab will be recorded.',
  howToAllow: 'How to allow it',
  micNotAllowedYet:
    'Your microphone is not recorded: it was not allowed yet. Use “Allow the microphone…” before the next recording.',
  micRefused:
    'Your microphone is not recorded: Chrome blocks it for Meeting Capture. To allow it later, use “How to allow it” before the next recording.',
};

const ru: typeof en = {
  pageTitle: 'Ваш микрофон в записях',
  why: 'Когда Meeting Capture записывает вкладку, он может добавить ваш микрофон, чтобы ваш голос попал в запись, расшифровку и протокол вместе с голосами других участников.',
  how: 'Chrome спросит вас один раз, здесь: сама запись идёт на скрытой странице, которая спрашивать не может. Chrome запомнит ответ для Meeting Capture. Микрофон используется только во время записи вкладки.',
  allow: 'Разрешить микрофон',
  asking: 'Chrome спрашивает вас…',
  allowed: 'Микрофон разрешён: ваш голос будет записываться вместе с вкладкой. Эту вкладку можно закрыть.',
  refused:
    'Chrome не разрешил микрофон: в записях будет только звук вкладки. Чтобы разрешить его позже, откройте настройки Chrome для Meeting Capture, выберите для микрофона «Разрешить» и начните запись снова.',
  missing: 'Микрофон не найден. Подключите его и снова нажмите «Разрешить микрофон».',
  alreadyAllowed: 'Микрофон уже разрешён для Meeting Capture.',
  blocked:
    'Chrome блокирует микрофон для Meeting Capture. Чтобы разрешить его, откройте настройки Chrome для Meeting Capture и выберите для микрофона «Разрешить».',
  openSettings: 'Открыть настройки Chrome для Meeting Capture',
  notAskedYet: 'Chrome ещё не спрашивал вас о микрофоне.',
  askNow: 'Разрешить микрофон…',
  blockedShort: 'Chrome блокирует микрофон для Meeting Capture: запишется только вкладка.',
  howToAllow: 'Как разрешить',
  micNotAllowedYet:
    'Ваш микрофон не записывается: он ещё не разрешён. Перед следующей записью нажмите «Разрешить микрофон…».',
  micRefused:
    'Ваш микрофон не записывается: Chrome блокирует его для Meeting Capture. Чтобы разрешить позже, перед следующей записью нажмите «Как разрешить».',
};

export const microphoneText = featureText({ en, ru });
