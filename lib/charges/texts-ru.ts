/** The incidents' texts in Russian (lib/charges/texts.ts says when they are loaded). */
import type { ChargeTexts } from './texts';

export const ru: ChargeTexts = {
  doubleChargeTitle: 'Списано больше одного раза',
  duplicateTitle: 'Запись создана дважды',
  botTitle: 'Бот, возможно, отправлен',
  recording: (title: string | undefined, id: number | undefined) =>
    title ? `«${title}»` : id === undefined ? 'запись' : `запись ${id}`,
  doubleCharge: (what: string, extra: number, each: string, total: string, at: string) =>
    `Сервис списал время за ${what} ${extra + 1} раза вместо одного (по ${each}, лишних ${total}) в ${at}. Соединение оборвалось, пока запускалась обработка, и браузер сам повторил запрос. Лишнее время не возвращено: скопируйте журнал списаний в настройках и отправьте его в поддержку сервиса, чтобы его вернули.`,
  duplicate: (what: string, count: number, ids: string, trashed: boolean, at: string) =>
    `Сервис создал ${what} ${count + 1} раза в ${at}: соединение оборвалось, и браузер сам повторил запрос. ${trashed ? `Лишние копии (${ids}) перемещены в корзину; при необходимости восстановите их оттуда.` : `Лишние копии (${ids}) не удалось переместить в корзину; удалите их в списке.`}`,
  botBusy: (link: string, at: string) =>
    `В ${at} сервис ответил, что бот уже участвует в активной встрече в этом пространстве, а других ботов, отправленных из этого браузера, там нет. Если соединение оборвалось, браузер сам повторил запрос, и этот ответ может относиться к только что отправленному боту на ${link}: проверьте, подключился ли он к встрече. Тогда его запись появится в пространстве после встречи.`,
};
