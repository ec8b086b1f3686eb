/**
 * Positive URLs of each detector, with the expected result and where the form comes from.
 * The cross-matrix test feeds every list to every other detector, and every LOOKALIKE to all.
 */

import type { MeetingLink } from '../meetings';
import type { CalendarApp } from './calendar-page';
import type { MediaLink, VideoPage } from './types';

export interface Fixture<T> {
  input: string;
  expected: T;
  /** The variant and its source (documentation, yt-dlp `_VALID_URL`/tests, public detectors). */
  source: string;
}

const meet = (id: string, url = `https://meet.google.com/${id}`): MeetingLink => ({
  service: 'google_meet',
  id,
  url,
});
const zoom = (id: string, url: string): MeetingLink => ({ service: 'zoom', id, url });
const telemost = (host: string, id: string): MeetingLink => ({
  service: 'telemost',
  id,
  url: `https://${host}/j/${id}`,
});

export const MEETING_LINKS: readonly Fixture<MeetingLink>[] = [
  // Google Meet
  { input: 'https://meet.google.com/abc-defg-hij', expected: meet('abc-defg-hij'), source: 'Meet join link' },
  { input: 'http://meet.google.com/abc-defg-hij', expected: meet('abc-defg-hij'), source: 'http scheme' },
  { input: 'meet.google.com/abc-defg-hij', expected: meet('abc-defg-hij'), source: 'scheme-less' },
  { input: '//meet.google.com/abc-defg-hij', expected: meet('abc-defg-hij'), source: 'protocol-relative' },
  {
    input: 'https://meet.google.com/abc-defg-hij?authuser=1',
    expected: meet('abc-defg-hij'),
    source: 'account chooser param (MeetingBar adds authuser)',
  },
  {
    input: 'https://meet.google.com/kzr-bqvw-ynt?hs=122&authuser=0',
    expected: meet('kzr-bqvw-ynt'),
    source: 'hs= from Calendar',
  },
  { input: 'https://meet.google.com/abc-defg-hij?pli=1', expected: meet('abc-defg-hij'), source: 'pli=1' },
  {
    input: 'https://meet.google.com/ABC-DEFG-HIJ',
    expected: meet('abc-defg-hij'),
    source: 'upper-case code',
  },
  {
    input: 'https://meet.google.com/abcdefghij',
    expected: meet('abc-defg-hij'),
    source: 'code without dashes',
  },
  {
    input: 'https://meet.google.com/abc-defg-hij/',
    expected: meet('abc-defg-hij'),
    source: 'trailing slash',
  },
  {
    input: 'https://meet.google.com/_meet/abc-defg-hij?hs=224',
    expected: meet('abc-defg-hij'),
    source: '/_meet/ prefix (MeetingBar `meet.google.com/(_meet/)?`)',
  },
  {
    input: 'https://meet.google.com/lookup/dgd4jfmd7p',
    expected: meet('dgd4jfmd7p', 'https://meet.google.com/lookup/dgd4jfmd7p'),
    source: 'Classroom lookup link',
  },
  {
    input: 'https://meet.google.com/lookup/Team-Standup?authuser=0',
    expected: meet('team-standup', 'https://meet.google.com/lookup/team-standup'),
    source: 'nickname lookup',
  },
  { input: 'https://g.co/meet/abc-defg-hij', expected: meet('abc-defg-hij'), source: 'g.co/meet short link' },
  {
    input: 'https://g.co/meet/history-7b',
    expected: meet('history-7b', 'https://meet.google.com/lookup/history-7b'),
    source: 'g.co/meet/<nickname> (Workspace for Education)',
  },
  {
    input: 'https://MEET.GOOGLE.COM./xyz-abcd-efg',
    expected: meet('xyz-abcd-efg'),
    source: 'host case, trailing dot',
  },
  {
    input: 'https://meet.google.com:443/abc-defg-hij',
    expected: meet('abc-defg-hij'),
    source: 'default port',
  },
  {
    input: '  https://meet.google.com/abc-defg-hij#x \n',
    expected: meet('abc-defg-hij'),
    source: 'whitespace, fragment',
  },
  {
    input: '<https://meet.google.com/abc-defg-hij>',
    expected: meet('abc-defg-hij'),
    source: 'angle brackets',
  },
  {
    input:
      'https://www.google.com/url?q=https://meet.google.com/abc-defg-hij&sa=D&source=calendar&usd=2&usg=AOvVaw0',
    expected: meet('abc-defg-hij'),
    source: 'Google Calendar redirect wrapper',
  },
  // Zoom
  {
    input: 'https://zoom.us/j/1234567890',
    expected: zoom('1234567890', 'https://zoom.us/j/1234567890'),
    source: 'Zoom join link',
  },
  {
    input: 'https://us02web.zoom.us/j/81234567890?pwd=T3F4V0RLNEEzY3JzakJic01ScU1Ddz09',
    expected: zoom(
      '81234567890',
      'https://us02web.zoom.us/j/81234567890?pwd=T3F4V0RLNEEzY3JzakJic01ScU1Ddz09',
    ),
    source: 'regional host with passcode',
  },
  {
    input: 'https://us06web.zoom.us/j/88395547586?pwd=4KcslVk8qLNSDcTSjalXdrLbGG8xmR.1#success',
    expected: zoom(
      '88395547586',
      'https://us06web.zoom.us/j/88395547586?pwd=4KcslVk8qLNSDcTSjalXdrLbGG8xmR.1',
    ),
    source: 'new-style passcode, #success fragment',
  },
  {
    input: 'https://us04web.zoom.us/j/241045290?pwd=RTUrb0h4UDVBSUJHVzRHSkx5Y1FxZz09',
    expected: zoom('241045290', 'https://us04web.zoom.us/j/241045290?pwd=RTUrb0h4UDVBSUJHVzRHSkx5Y1FxZz09'),
    source: '9-digit meeting number',
  },
  {
    input: 'https://acme.zoom.us/j/81234567890?pwd=abc123&uname=John%20Doe&tk=reg-token&from=addon',
    expected: zoom('81234567890', 'https://acme.zoom.us/j/81234567890?pwd=abc123'),
    source: 'vanity host; uname/tk/from dropped',
  },
  {
    input: 'https://zoom.us/s/81234567890?zak=host-token',
    expected: zoom('81234567890', 'https://zoom.us/j/81234567890'),
    source: 'host start link',
  },
  {
    input: 'https://zoom.us/w/81234567890?tk=reg-token&pwd=abc',
    expected: zoom('81234567890', 'https://zoom.us/j/81234567890?pwd=abc'),
    source: 'webinar join link',
  },
  {
    input: 'https://app.zoom.us/wc/88395547586/join?pwd=abc',
    expected: zoom('88395547586', 'https://app.zoom.us/j/88395547586?pwd=abc'),
    source: 'web client /wc/<n>/join',
  },
  {
    input: 'https://zoom.us/wc/join/81234567890',
    expected: zoom('81234567890', 'https://zoom.us/j/81234567890'),
    source: 'web client /wc/join/<n>',
  },
  {
    input: 'https://zoom.us/wc/81234567890/start',
    expected: zoom('81234567890', 'https://zoom.us/j/81234567890'),
    source: 'web client /wc/<n>/start',
  },
  {
    input: 'https://zoom.us/my/john.smith',
    expected: zoom('john.smith', 'https://zoom.us/my/john.smith'),
    source: 'Personal Meeting Link',
  },
  {
    input: 'https://acme.zoom.us/my/TeamRoom?pwd=xyz',
    expected: zoom('TeamRoom', 'https://acme.zoom.us/my/TeamRoom?pwd=xyz'),
    source: 'personal link on vanity host with passcode',
  },
  {
    input: 'https://zoom.com/j/81234567890',
    expected: zoom('81234567890', 'https://zoom.com/j/81234567890'),
    source: 'zoom.com',
  },
  {
    input: 'https://zoomgov.com/j/1612345678?pwd=abc',
    expected: zoom('1612345678', 'https://zoomgov.com/j/1612345678?pwd=abc'),
    source: 'ZoomGov (MeetingBar zoomgov pattern)',
  },
  {
    input: 'https://acme.zoomgov.com/j/1612345678',
    expected: zoom('1612345678', 'https://acme.zoomgov.com/j/1612345678'),
    source: 'ZoomGov vanity',
  },
  {
    input: 'https://zoom.com.cn/j/81234567890',
    expected: zoom('81234567890', 'https://zoom.com.cn/j/81234567890'),
    source: 'Zoom China (MeetingBar, Neverlate)',
  },
  {
    input: 'zoommtg://zoom.us/join?action=join&confno=81234567890&pwd=abc',
    expected: zoom('81234567890', 'https://zoom.us/j/81234567890?pwd=abc'),
    source: 'desktop deep link',
  },
  {
    input: 'zoomus://zoom.us/join?confno=81234567890&pwd=abc&uname=Bot',
    expected: zoom('81234567890', 'https://zoom.us/j/81234567890?pwd=abc'),
    source: 'mobile deep link',
  },
  {
    input: 'zoommtg://hp.zoom.us/join?action=join&confno=81234567890',
    expected: zoom('81234567890', 'https://hp.zoom.us/j/81234567890'),
    source: 'deep link on vanity host',
  },
  {
    input: 'http://zoom.us/j/81234567890',
    expected: zoom('81234567890', 'https://zoom.us/j/81234567890'),
    source: 'http scheme',
  },
  {
    input: 'us02web.zoom.us/j/81234567890?pwd=abc',
    expected: zoom('81234567890', 'https://us02web.zoom.us/j/81234567890?pwd=abc'),
    source: 'scheme-less',
  },
  {
    input: 'https://zoom.us/j/123-4567-8901',
    expected: zoom('12345678901', 'https://zoom.us/j/12345678901'),
    source: 'grouped number in the link',
  },
  {
    input: 'https://ZOOM.US/J/81234567890',
    expected: zoom('81234567890', 'https://zoom.us/j/81234567890'),
    source: 'upper-case link',
  },
  {
    input: 'https://zoom-x.de/j/61234567890?pwd=Xy12',
    expected: zoom('61234567890', 'https://zoom-x.de/j/61234567890?pwd=Xy12'),
    source: 'Zoom X (Deutsche Telekom, Germany); MeetingBar zoom(-x)?.de',
  },
  {
    input: 'https://telekom.zoom-x.de/j/61234567890',
    expected: zoom('61234567890', 'https://telekom.zoom-x.de/j/61234567890'),
    source: 'Zoom X vanity subdomain',
  },
  {
    input: 'zoommtg://zoom-x.de/join?action=join&confno=61234567890&pwd=Xy12',
    expected: zoom('61234567890', 'https://zoom-x.de/j/61234567890?pwd=Xy12'),
    source: 'Zoom X desktop deep link; MeetingBar zoom_native',
  },
  {
    input: 'https://zoom.de/j/81234567890',
    expected: zoom('81234567890', 'https://zoom.de/j/81234567890'),
    source: 'Zoom German domain; MeetingBar zoom.de',
  },
  {
    input: 'zoommtg://us02web.zoom.us/join?action=join&confno=81234567890&pwd=abc',
    expected: zoom('81234567890', 'https://us02web.zoom.us/j/81234567890?pwd=abc'),
    source: 'regional host deep link (Zoom URL scheme)',
  },
  // Yandex Telemost
  {
    input: 'https://telemost.yandex.ru/j/91234567',
    expected: telemost('telemost.yandex.ru', '91234567'),
    source: 'short conference id (no documented length)',
  },
  {
    input: 'https://telemost.360.yandex.ru/j/1234567890123456789012345',
    expected: telemost('telemost.360.yandex.ru', '1234567890123456789012345'),
    source: 'long conference id (Yandex 360)',
  },
  {
    input: 'https://telemost.yandex.ru/j/18780842719093',
    expected: telemost('telemost.yandex.ru', '18780842719093'),
    source: 'Telemost join link',
  },
  {
    input: 'https://telemost.360.yandex.ru/j/12345678901234',
    expected: telemost('telemost.360.yandex.ru', '12345678901234'),
    source: 'Yandex 360 for Business',
  },
  {
    input: 'https://telemost.yandex.com/j/12345678901234',
    expected: telemost('telemost.yandex.com', '12345678901234'),
    source: '.com',
  },
  {
    input: 'https://telemost.360.yandex.com/j/12345678901234',
    expected: telemost('telemost.360.yandex.com', '12345678901234'),
    source: '360 .com',
  },
  {
    input: 'https://telemost.yandex.kz/j/12345678901234',
    expected: telemost('telemost.yandex.kz', '12345678901234'),
    source: '.kz',
  },
  {
    input: 'https://telemost.yandex.by/j/1234567890',
    expected: telemost('telemost.yandex.by', '1234567890'),
    source: '.by, 10 digits',
  },
  {
    input: 'http://telemost.yandex.ru/j/12345678901234/',
    expected: telemost('telemost.yandex.ru', '12345678901234'),
    source: 'http, trailing slash',
  },
  {
    input: 'telemost.yandex.ru/j/12345678901234?utm_source=calendar',
    expected: telemost('telemost.yandex.ru', '12345678901234'),
    source: 'scheme-less, tracking dropped',
  },
];

const youtube = (id: string): VideoPage => ({
  site: 'youtube',
  id,
  url: `https://www.youtube.com/watch?v=${id}`,
});
const rutube = (id: string, path = `video/${id}/`): VideoPage => ({
  site: 'rutube',
  id,
  url: `https://rutube.ru/${path}`,
});
const vk = (id: string, url = `https://vk.com/video${id}`): VideoPage => ({ site: 'vk', id, url });
const vimeo = (id: string, hash = ''): VideoPage => ({
  site: 'vimeo',
  id,
  url: `https://vimeo.com/${id}${hash ? `/${hash}` : ''}`,
});
const ok = (id: string): VideoPage => ({ site: 'ok', id, url: `https://ok.ru/video/${id}` });
const dailymotion = (id: string): VideoPage => ({
  site: 'dailymotion',
  id,
  url: `https://www.dailymotion.com/video/${id}`,
});

export const VIDEO_PAGES: readonly Fixture<VideoPage>[] = [
  // YouTube (yt-dlp YoutubeIE)
  {
    input: 'https://www.youtube.com/watch?v=BaW_jenozKc&t=1s&end=9',
    expected: youtube('BaW_jenozKc'),
    source: 'yt-dlp YoutubeIE test',
  },
  {
    input: 'https://youtube.com/watch?feature=share&v=BaW_jenozKc',
    expected: youtube('BaW_jenozKc'),
    source: 'v= not first',
  },
  {
    input: 'https://m.youtube.com/watch?v=BaW_jenozKc&list=PL59FEE129ADFF2B12&index=2',
    expected: youtube('BaW_jenozKc'),
    source: 'mobile, in a playlist',
  },
  {
    input: 'https://music.youtube.com/watch?v=BaW_jenozKc&si=abc',
    expected: youtube('BaW_jenozKc'),
    source: 'YouTube Music',
  },
  {
    input: 'https://youtu.be/BaW_jenozKc?si=xyz&t=42',
    expected: youtube('BaW_jenozKc'),
    source: 'short link',
  },
  { input: 'https://www.youtube.com/shorts/BaW_jenozKc', expected: youtube('BaW_jenozKc'), source: 'Shorts' },
  {
    input: 'https://www.youtube.com/live/BaW_jenozKc?feature=share',
    expected: youtube('BaW_jenozKc'),
    source: 'live',
  },
  {
    input: 'https://www.youtube.com/embed/BaW_jenozKc?start=10',
    expected: youtube('BaW_jenozKc'),
    source: 'embed',
  },
  {
    input: 'https://www.youtube-nocookie.com/embed/BaW_jenozKc',
    expected: youtube('BaW_jenozKc'),
    source: 'privacy-enhanced embed',
  },
  { input: 'https://www.youtube.com/v/BaW_jenozKc', expected: youtube('BaW_jenozKc'), source: 'old /v/' },
  { input: 'youtube.com/watch?v=BaW_jenozKc', expected: youtube('BaW_jenozKc'), source: 'scheme-less' },
  { input: 'http://www.youtube.com/watch?v=BaW_jenozKc', expected: youtube('BaW_jenozKc'), source: 'http' },
  {
    input: 'https://www.youtubekids.com/watch?v=BaW_jenozKc',
    expected: youtube('BaW_jenozKc'),
    source: 'YouTube Kids',
  },
  {
    input: '//www.YouTube.com/watch?v=yZIXLfi8CZQ',
    expected: youtube('yZIXLfi8CZQ'),
    source: 'protocol-relative, mixed case (yt-dlp test)',
  },
  {
    input: 'https://www.youtube.com/watch?feature=player_embedded#!v=BaW_jenozKc',
    expected: youtube('BaW_jenozKc'),
    source: 'old #!v= fragment form (yt-dlp YoutubeIE)',
  },
  {
    input: 'https://www.youtube.com/watch_popup?v=BaW_jenozKc',
    expected: youtube('BaW_jenozKc'),
    source: 'watch_popup',
  },
  {
    input: 'https://www.youtube.com/v/BaW_jenozKc&hl=en_US&fs=1',
    expected: youtube('BaW_jenozKc'),
    source: 'old Flash embed with & parameters',
  },
  {
    input: 'https://youtube.googleapis.com/v/BaW_jenozKc',
    expected: youtube('BaW_jenozKc'),
    source: 'youtube.googleapis.com',
  },
  // Rutube (yt-dlp RutubeIE, RutubeEmbedIE)
  {
    input: 'https://rutube.ru/video/3eac3b4561676c17df9132a9a1e62e3e/',
    expected: rutube('3eac3b4561676c17df9132a9a1e62e3e'),
    source: 'yt-dlp RutubeIE test',
  },
  {
    input: 'https://rutube.ru/video/10b3a03fc01d5bbcc632a2f3514e8aab/?pl_type=source&pl_id=4252',
    expected: rutube('10b3a03fc01d5bbcc632a2f3514e8aab'),
    source: 'playlist context dropped',
  },
  {
    input: 'https://rutube.ru/video/private/884fb55f07a97ab673c7d654553e0f48/?p=x2QojCumHTS3rsKHWXN8Lg',
    expected: rutube(
      '884fb55f07a97ab673c7d654553e0f48',
      'video/private/884fb55f07a97ab673c7d654553e0f48/?p=x2QojCumHTS3rsKHWXN8Lg',
    ),
    source: 'private video with access key',
  },
  {
    input: 'https://rutube.ru/play/embed/a10e53b86e8f349080f718582ce4c661',
    expected: rutube('a10e53b86e8f349080f718582ce4c661'),
    source: 'embed player',
  },
  {
    input: 'https://rutube.ru/embed/a10e53b86e8f349080f718582ce4c661',
    expected: rutube('a10e53b86e8f349080f718582ce4c661'),
    source: 'old embed',
  },
  {
    input: 'https://rutube.ru/shorts/c65b465ad0c98c89f3b25cb03dcc87c6/',
    expected: rutube('c65b465ad0c98c89f3b25cb03dcc87c6'),
    source: 'Shorts',
  },
  {
    input: 'https://rutube.ru/live/video/c58f502c7bb34a8fcdd976b221fca292/',
    expected: rutube('c58f502c7bb34a8fcdd976b221fca292', 'live/video/c58f502c7bb34a8fcdd976b221fca292/'),
    source: 'live stream',
  },
  {
    input: 'https://rutube.ru/play/embed/10631925?p=IbAigKqWd1do4mjaM5XLIQ',
    expected: rutube('10631925', 'play/embed/10631925?p=IbAigKqWd1do4mjaM5XLIQ'),
    source: 'numeric private embed (yt-dlp RutubeEmbedIE)',
  },
  {
    input: 'https://rutube.ru/video/embed/6722881?vk_puid37=&vk_puid38=',
    expected: rutube('6722881', 'play/embed/6722881'),
    source: 'numeric embed',
  },
  // VK Video (yt-dlp VKIE)
  {
    input: 'https://vk.com/video205387401_165548505',
    expected: vk('205387401_165548505'),
    source: 'user video',
  },
  {
    input: 'https://vk.com/video-93049196_456239755?list=ln-cBjJ7S4jYYx3ADnmDT',
    expected: vk('-93049196_456239755', 'https://vk.com/video-93049196_456239755?list=ln-cBjJ7S4jYYx3ADnmDT'),
    source: 'access key kept',
  },
  {
    input: 'https://vk.com/videos-77521?z=video-77521_162222515%2Fclub77521',
    expected: vk('-77521_162222515'),
    source: 'viewer overlay z=',
  },
  {
    input: 'https://vk.com/video_ext.php?oid=-77521&id=162222515&hash=87b046504ccd8bfa',
    expected: vk(
      '-77521_162222515',
      'https://vk.com/video_ext.php?oid=-77521&id=162222515&hash=87b046504ccd8bfa',
    ),
    source: 'embed player with hash',
  },
  {
    input: 'https://vkvideo.ru/video-18403220_456239696',
    expected: vk('-18403220_456239696'),
    source: 'VK Video',
  },
  { input: 'https://vk.ru/video-220754053_456242564', expected: vk('-220754053_456242564'), source: 'vk.ru' },
  { input: 'https://m.vk.com/video-140332_456239111', expected: vk('-140332_456239111'), source: 'mobile' },
  {
    input: 'https://vk.com/clip30014565_456240946',
    expected: vk('30014565_456240946', 'https://vk.com/clip30014565_456240946'),
    source: 'clip',
  },
  {
    input: 'https://vk.com/clips-74006511?z=clip-74006511_456247211',
    expected: vk('-74006511_456247211', 'https://vk.com/clip-74006511_456247211'),
    source: 'clip overlay',
  },
  {
    input: 'http://vk.com/feed?z=video-43215063_166094326%2Fbb50cacd3177146d7a',
    expected: vk('-43215063_166094326'),
    source: 'feed overlay',
  },
  {
    input: 'https://vk.com/video?z=video-123_456',
    expected: vk('-123_456'),
    source: 'video catalogue overlay',
  },
  {
    input: 'https://vksport.vkvideo.ru/video-124096712_456240773',
    expected: vk('-124096712_456240773'),
    source: 'VK Sport',
  },
  {
    input: 'https://vkvideo.ru/playlist/-220754053_3/video-220754053_456239341',
    expected: vk('-220754053_456239341'),
    source: 'video opened from a playlist',
  },
  // Vimeo (yt-dlp VimeoIE)
  { input: 'http://vimeo.com/56015672#at=0', expected: vimeo('56015672'), source: 'yt-dlp VimeoIE test' },
  { input: 'https://player.vimeo.com/video/54469442', expected: vimeo('54469442'), source: 'player' },
  {
    input: 'https://vimeo.com/channels/keypeele/75629013',
    expected: vimeo('75629013'),
    source: 'channel video',
  },
  {
    input: 'https://vimeo.com/groups/travelhd/videos/22439234',
    expected: vimeo('22439234'),
    source: 'group video',
  },
  {
    input: 'https://vimeo.com/album/2632481/video/79010983',
    expected: vimeo('79010983'),
    source: 'album video',
  },
  {
    input: 'https://vimeo.com/showcase/3253534/video/119195465',
    expected: vimeo('119195465'),
    source: 'showcase video',
  },
  {
    input: 'https://vimeo.com/160743502/abd0e13fb4',
    expected: vimeo('160743502', 'abd0e13fb4'),
    source: 'unlisted hash',
  },
  {
    input: 'https://player.vimeo.com/video/160743502?h=abd0e13fb4&badge=0',
    expected: vimeo('160743502', 'abd0e13fb4'),
    source: 'player with unlisted hash',
  },
  {
    input: 'https://vimeo.com/581039021/9603038895',
    expected: vimeo('581039021', '9603038895'),
    source: 'all-digit hash (youtube-dl #29690)',
  },
  // Dzen (yt-dlp ZenYandexIE)
  {
    input: 'https://dzen.ru/video/watch/6002240ff8b1af50bb2da5e3',
    expected: {
      site: 'dzen',
      id: '6002240ff8b1af50bb2da5e3',
      url: 'https://dzen.ru/video/watch/6002240ff8b1af50bb2da5e3',
    },
    source: 'yt-dlp ZenYandexIE test',
  },
  {
    input: 'https://zen.yandex.ru/video/watch/6002240ff8b1af50bb2da5e3?from=feed',
    expected: {
      site: 'dzen',
      id: '6002240ff8b1af50bb2da5e3',
      url: 'https://dzen.ru/video/watch/6002240ff8b1af50bb2da5e3',
    },
    source: 'old Zen host',
  },
  {
    input: 'https://dzen.ru/shorts/64a1b2c3d4e5f60718293a4b',
    expected: {
      site: 'dzen',
      id: '64a1b2c3d4e5f60718293a4b',
      url: 'https://dzen.ru/video/watch/64a1b2c3d4e5f60718293a4b',
    },
    source: 'Shorts',
  },
  // OK.ru (yt-dlp OdnoklassnikiIE)
  { input: 'http://ok.ru/video/20079905452', expected: ok('20079905452'), source: 'yt-dlp test' },
  {
    input: 'http://ok.ru/video/63567059965189-0?fromTime=5',
    expected: ok('63567059965189-0'),
    source: 'suffixed id',
  },
  { input: 'https://m.ok.ru/video/2361249957145', expected: ok('2361249957145'), source: 'mobile' },
  {
    input: 'http://ok.ru/web-api/video/moviePlayer/20079905452',
    expected: ok('20079905452'),
    source: 'web-api player',
  },
  { input: 'http://www.ok.ru/videoembed/20648036891', expected: ok('20648036891'), source: 'embed' },
  { input: 'https://www.ok.ru/live/484531969818', expected: ok('484531969818'), source: 'live' },
  {
    input:
      'https://m.ok.ru/dk?st.cmd=movieLayer&st.discId=863789452017&st.mvId=863789452017&_prevCmd=friendMovies',
    expected: ok('863789452017'),
    source: 'mobile movie layer',
  },
  { input: 'https://odnoklassniki.ru/video/20079905452', expected: ok('20079905452'), source: 'old domain' },
  // Twitch (yt-dlp TwitchVodIE, TwitchClipsIE)
  {
    input: 'http://www.twitch.tv/riotgames/v/6528877?t=5m10s',
    expected: { site: 'twitch', id: '6528877', url: 'https://www.twitch.tv/videos/6528877' },
    source: 'yt-dlp TwitchVodIE test',
  },
  {
    input: 'https://www.twitch.tv/videos/1234567890',
    expected: { site: 'twitch', id: '1234567890', url: 'https://www.twitch.tv/videos/1234567890' },
    source: 'VOD',
  },
  {
    input: 'https://m.twitch.tv/videos/1234567890',
    expected: { site: 'twitch', id: '1234567890', url: 'https://www.twitch.tv/videos/1234567890' },
    source: 'mobile VOD',
  },
  {
    input: 'https://player.twitch.tv/?video=v1234567890&parent=example.com',
    expected: { site: 'twitch', id: '1234567890', url: 'https://www.twitch.tv/videos/1234567890' },
    source: 'embedded player',
  },
  {
    input: 'https://clips.twitch.tv/FaintLightGullWholeWheat',
    expected: {
      site: 'twitch',
      id: 'FaintLightGullWholeWheat',
      url: 'https://clips.twitch.tv/FaintLightGullWholeWheat',
    },
    source: 'clip',
  },
  {
    input: 'https://www.twitch.tv/riotgames/clip/FaintLightGullWholeWheat-AbC123xyz_9?filter=clips',
    expected: {
      site: 'twitch',
      id: 'FaintLightGullWholeWheat-AbC123xyz_9',
      url: 'https://clips.twitch.tv/FaintLightGullWholeWheat-AbC123xyz_9',
    },
    source: 'channel clip',
  },
  {
    input: 'https://clips.twitch.tv/embed?clip=FaintLightGullWholeWheat&parent=example.com',
    expected: {
      site: 'twitch',
      id: 'FaintLightGullWholeWheat',
      url: 'https://clips.twitch.tv/FaintLightGullWholeWheat',
    },
    source: 'clip embed',
  },
  {
    input: 'https://www.twitch.tv/riotgames/schedule?vodID=1234567890',
    expected: { site: 'twitch', id: '1234567890', url: 'https://www.twitch.tv/videos/1234567890' },
    source: 'schedule page VOD',
  },
  // Dailymotion (yt-dlp DailymotionIE)
  {
    input:
      'http://www.dailymotion.com/video/x5kesuj_office-christmas-party-review-jason-bateman-olivia-munn-t-j-miller_news',
    expected: dailymotion('x5kesuj'),
    source: 'yt-dlp DailymotionIE test',
  },
  { input: 'https://www.dailymotion.com/video/x8gfli0', expected: dailymotion('x8gfli0'), source: 'video' },
  { input: 'https://dai.ly/x8gfli0', expected: dailymotion('x8gfli0'), source: 'short link' },
  {
    input: 'https://www.dailymotion.com/embed/video/x8gfli0?autoplay=1',
    expected: dailymotion('x8gfli0'),
    source: 'embed',
  },
  {
    input: 'https://geo.dailymotion.com/player/xid0t.html?video=x8gfli0',
    expected: dailymotion('x8gfli0'),
    source: 'player',
  },
  {
    input: 'https://touch.dailymotion.com/video/x8gfli0',
    expected: dailymotion('x8gfli0'),
    source: 'mobile',
  },
  {
    input: 'https://www.dailymotion.com/swf/video/x8gfli0',
    expected: dailymotion('x8gfli0'),
    source: 'old swf player',
  },
  // Loom (yt-dlp LoomIE)
  {
    input: 'https://www.loom.com/share/43d05f362f734614a2e81b4694a3a523?sid=abc',
    expected: {
      site: 'loom',
      id: '43d05f362f734614a2e81b4694a3a523',
      url: 'https://www.loom.com/share/43d05f362f734614a2e81b4694a3a523',
    },
    source: 'yt-dlp LoomIE test',
  },
  {
    input: 'https://loom.com/embed/43d05f362f734614a2e81b4694a3a523',
    expected: {
      site: 'loom',
      id: '43d05f362f734614a2e81b4694a3a523',
      url: 'https://www.loom.com/share/43d05f362f734614a2e81b4694a3a523',
    },
    source: 'embed',
  },
  // TikTok (yt-dlp TikTokIE)
  {
    input: 'https://www.tiktok.com/@leenabhushan/video/6748451240264420610?is_from_webapp=1',
    expected: {
      site: 'tiktok',
      id: '6748451240264420610',
      url: 'https://www.tiktok.com/@leenabhushan/video/6748451240264420610',
    },
    source: 'yt-dlp TikTokIE test',
  },
  {
    input: 'https://www.tiktok.com/embed/v2/6748451240264420610',
    expected: {
      site: 'tiktok',
      id: '6748451240264420610',
      url: 'https://www.tiktok.com/embed/v2/6748451240264420610',
    },
    source: 'embed',
  },
  // Zoom cloud recordings (yt-dlp ZoomIE)
  {
    input:
      'https://economist.zoom.us/rec/play/dUk_CNBETmZ5VA2BwEl-jjakPpJ3M1pcfVYAPRsoIbEByGsLjUZtaa4yCATQuOL3der8BlTwxQePl_j0.EImBkXzTIaPvdZO5',
    expected: {
      site: 'zoom',
      id: 'dUk_CNBETmZ5VA2BwEl-jjakPpJ3M1pcfVYAPRsoIbEByGsLjUZtaa4yCATQuOL3der8BlTwxQePl_j0.EImBkXzTIaPvdZO5',
      url: 'https://economist.zoom.us/rec/play/dUk_CNBETmZ5VA2BwEl-jjakPpJ3M1pcfVYAPRsoIbEByGsLjUZtaa4yCATQuOL3der8BlTwxQePl_j0.EImBkXzTIaPvdZO5',
    },
    source: 'yt-dlp ZoomIE test',
  },
  {
    input: 'https://us02web.zoom.us/rec/share/AbCdEf_gh-IJ.KlMnOp123?startTime=1700000000000&pwd=Xy12.3',
    expected: {
      site: 'zoom',
      id: 'AbCdEf_gh-IJ.KlMnOp123',
      url: 'https://us02web.zoom.us/rec/share/AbCdEf_gh-IJ.KlMnOp123?pwd=Xy12.3',
    },
    source: 'shared recording with an embedded passcode',
  },
  {
    input: 'https://acme.zoomgov.com/rec/share/Gv1_aBcDeFgHiJkL.MnOpQr',
    expected: {
      site: 'zoom',
      id: 'Gv1_aBcDeFgHiJkL.MnOpQr',
      url: 'https://acme.zoomgov.com/rec/share/Gv1_aBcDeFgHiJkL.MnOpQr',
    },
    source: 'written for the tests: ZoomIE’s form on another Zoom host (lib/meetings/zoom.ts)',
  },
  {
    input: 'https://zoom.com/recording/play/Zc2_aBcDeFgHiJkL.MnOpQr',
    expected: {
      site: 'zoom',
      id: 'Zc2_aBcDeFgHiJkL.MnOpQr',
      url: 'https://zoom.com/rec/play/Zc2_aBcDeFgHiJkL.MnOpQr',
    },
    source: 'written for the tests: ZoomIE’s form on another Zoom host (lib/meetings/zoom.ts)',
  },
  {
    input: 'https://zoom.com.cn/rec/play/Cn3_aBcDeFgHiJkL.MnOpQr',
    expected: {
      site: 'zoom',
      id: 'Cn3_aBcDeFgHiJkL.MnOpQr',
      url: 'https://zoom.com.cn/rec/play/Cn3_aBcDeFgHiJkL.MnOpQr',
    },
    source: 'written for the tests: ZoomIE’s form on another Zoom host (lib/meetings/zoom.ts)',
  },
  {
    input: 'https://zoom.de/rec/share/De4_aBcDeFgHiJkL.MnOpQr',
    expected: {
      site: 'zoom',
      id: 'De4_aBcDeFgHiJkL.MnOpQr',
      url: 'https://zoom.de/rec/share/De4_aBcDeFgHiJkL.MnOpQr',
    },
    source: 'written for the tests: ZoomIE’s form on another Zoom host (lib/meetings/zoom.ts)',
  },
  {
    input: 'https://telekom.zoom-x.de/rec/play/Zx5_aBcDeFgHiJkL.MnOpQr',
    expected: {
      site: 'zoom',
      id: 'Zx5_aBcDeFgHiJkL.MnOpQr',
      url: 'https://telekom.zoom-x.de/rec/play/Zx5_aBcDeFgHiJkL.MnOpQr',
    },
    source: 'written for the tests: ZoomIE’s form on another Zoom host (lib/meetings/zoom.ts)',
  },
];

export const MEDIA_LINKS: readonly Fixture<MediaLink>[] = [
  {
    input: 'https://example.com/recordings/meeting.mp3',
    expected: {
      url: 'https://example.com/recordings/meeting.mp3',
      extension: '.mp3',
      suggestedTitle: 'meeting.mp3',
    },
    source: 'plain mp3',
  },
  {
    input: 'https://cdn.example.org/a/Weekly%20Sync%202024-05-01.M4A?X-Amz-Signature=abc#t=10',
    expected: {
      url: 'https://cdn.example.org/a/Weekly%20Sync%202024-05-01.M4A?X-Amz-Signature=abc',
      extension: '.m4a',
      suggestedTitle: 'Weekly Sync 2024-05-01.m4a',
    },
    source: 'signed storage link: query kept, fragment dropped, extension case-insensitive',
  },
  {
    input: 'http://media.example.net/audio.wav',
    expected: { url: 'http://media.example.net/audio.wav', extension: '.wav', suggestedTitle: 'audio.wav' },
    source: 'http wav',
  },
  {
    input: 'https://files.example.com/voice.ogg',
    expected: { url: 'https://files.example.com/voice.ogg', extension: '.ogg', suggestedTitle: 'voice.ogg' },
    source: 'ogg',
  },
  {
    input: 'https://files.example.com/screen.webm',
    expected: {
      url: 'https://files.example.com/screen.webm',
      extension: '.webm',
      suggestedTitle: 'screen.webm',
    },
    source: 'webm',
  },
  {
    input: 'https://files.example.com/Video.MP4',
    expected: { url: 'https://files.example.com/Video.MP4', extension: '.mp4', suggestedTitle: 'Video.mp4' },
    source: 'upper-case extension',
  },
  {
    input: 'https://storage.yandexcloud.net/bucket/%D0%B2%D1%81%D1%82%D1%80%D0%B5%D1%87%D0%B0.mp3',
    expected: {
      url: 'https://storage.yandexcloud.net/bucket/%D0%B2%D1%81%D1%82%D1%80%D0%B5%D1%87%D0%B0.mp3',
      extension: '.mp3',
      suggestedTitle: 'встреча.mp3',
    },
    source: 'percent-encoded Cyrillic file name, decoded in the title',
  },
  {
    input: 'https://example.com/a%3Ab%3Fc%22d.mp3',
    expected: {
      url: 'https://example.com/a%3Ab%3Fc%22d.mp3',
      extension: '.mp3',
      suggestedTitle: 'a_b_c_d.mp3',
    },
    source: 'unsafe characters replaced',
  },
  {
    input: 'https://example.com/.mp3',
    expected: { url: 'https://example.com/.mp3', extension: '.mp3', suggestedTitle: 'recording.mp3' },
    source: 'empty name',
  },
  {
    input: 'https://example.com/evil%E2%80%AEgpj.mp3',
    expected: {
      url: 'https://example.com/evil%E2%80%AEgpj.mp3',
      extension: '.mp3',
      suggestedTitle: 'evilgpj.mp3',
    },
    source: 'bidi override removed from the title',
  },
  {
    input: 'https://my_bucket.s3.amazonaws.com/calls/2024/standup.mp3?X-Amz-Expires=3600',
    expected: {
      url: 'https://my_bucket.s3.amazonaws.com/calls/2024/standup.mp3?X-Amz-Expires=3600',
      extension: '.mp3',
      suggestedTitle: 'standup.mp3',
    },
    source: 'storage host with an underscore',
  },
  {
    input: 'https://пример.рф/запись.mp4',
    expected: {
      url: 'https://xn--e1afmkfd.xn--p1ai/%D0%B7%D0%B0%D0%BF%D0%B8%D1%81%D1%8C.mp4',
      extension: '.mp4',
      suggestedTitle: 'запись.mp4',
    },
    source: 'IDN host in punycode, path encoded',
  },
];

export const REDIRECTS: readonly Fixture<string>[] = [
  {
    input:
      'https://www.google.com/url?q=https://meet.google.com/abc-defg-hij&sa=D&source=calendar&ust=1&usg=AOvVaw0',
    expected: 'https://meet.google.com/abc-defg-hij',
    source: 'Google Calendar',
  },
  {
    input: 'https://google.com/url?url=https%3A%2F%2Fzoom.us%2Fj%2F81234567890%3Fpwd%3Dabc&sa=t',
    expected: 'https://zoom.us/j/81234567890?pwd=abc',
    source: 'Google Search ?url=',
  },
  {
    input: 'https://www.google.ru/url?q=https://telemost.yandex.ru/j/12345678901234',
    expected: 'https://telemost.yandex.ru/j/12345678901234',
    source: 'country domain',
  },
  {
    input: 'https://www.google.co.uk/url?sa=t&url=https%3A%2F%2Fyoutu.be%2FBaW_jenozKc',
    expected: 'https://youtu.be/BaW_jenozKc',
    source: 'co.<cc> domain',
  },
  {
    input: 'www.google.com/url?q=https://meet.google.com/abc-defg-hij',
    expected: 'https://meet.google.com/abc-defg-hij',
    source: 'scheme-less wrapper',
  },
  {
    input: 'https://accounts.google.com/AccountChooser/signinchooser?continue=https://g.co/meet/pythongroup',
    expected: 'https://g.co/meet/pythongroup',
    source: 'Google account chooser continue=',
  },
  {
    input:
      'https://eur03.safelinks.protection.outlook.com/?url=https%3A%2F%2Fus02web.zoom.us%2Fj%2F81234567890%3Fpwd%3Dabc&data=05%7C01%7Cuser%40example.com%7C1234%7C0&sdata=AbCd%3D&reserved=0',
    expected: 'https://us02web.zoom.us/j/81234567890?pwd=abc',
    source: 'Outlook Safe Links',
  },
  {
    input:
      'https://nam12.safelinks.protection.outlook.com/ap/t-59584e83/?url=https%3A%2F%2Fmeet.google.com%2Fabc-defg-hij&data=05%7C02',
    expected: 'https://meet.google.com/abc-defg-hij',
    source: 'Outlook Safe Links /ap/ form',
  },
  {
    input:
      'https://statics.teams.cdn.office.net/evergreen-assets/safelinks/1/atp-safelinks.html?url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DBaW_jenozKc&locale=en-us',
    expected: 'https://www.youtube.com/watch?v=BaW_jenozKc',
    source: 'Teams Safe Links',
  },
  {
    input:
      'https://l.facebook.com/l.php?u=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DBaW_jenozKc%26fbclid%3DIwAR0&h=AT3N',
    expected: 'https://www.youtube.com/watch?v=BaW_jenozKc&fbclid=IwAR0',
    source: 'Facebook link shim',
  },
  {
    input: 'https://lm.facebook.com/l.php?u=https%3A%2F%2Fzoom.us%2Fj%2F81234567890',
    expected: 'https://zoom.us/j/81234567890',
    source: 'Facebook mobile shim',
  },
  {
    input: 'https://l.instagram.com/?u=https%3A%2F%2Fexample.com%2Fa.mp3&e=AT0',
    expected: 'https://example.com/a.mp3',
    source: 'Instagram link shim',
  },
  {
    input: 'https://vk.com/away.php?to=https%3A%2F%2Fzoom.us%2Fj%2F81234567890&cc_key=',
    expected: 'https://zoom.us/j/81234567890',
    source: 'VK away.php',
  },
  {
    input: 'https://slack-redir.net/link?url=https%3A%2F%2Fmeet.google.com%2Fabc-defg-hij',
    expected: 'https://meet.google.com/abc-defg-hij',
    source: 'Slack',
  },
  {
    input:
      'https://www.youtube.com/redirect?event=video_description&redir_token=QUFF&q=https%3A%2F%2Frutube.ru%2Fvideo%2F3eac3b4561676c17df9132a9a1e62e3e%2F&v=BaW_jenozKc',
    expected: 'https://rutube.ru/video/3eac3b4561676c17df9132a9a1e62e3e/',
    source: 'YouTube description redirect',
  },
  {
    input:
      'https://urldefense.proofpoint.com/v2/url?u=https-3A__zoom.us_j_81234567890-3Fpwd-3Dabc&d=DwMFaQ&c=xyz&r=abc&m=def&s=ghi&e=',
    expected: 'https://zoom.us/j/81234567890?pwd=abc',
    source: 'Proofpoint v2',
  },
  {
    input: 'https://urldefense.com/v3/__https://meet.google.com/abc-defg-hij__;!!ACWV5N9M2RV99hQ!INUzIF25$',
    expected: 'https://meet.google.com/abc-defg-hij',
    source: 'Proofpoint v3',
  },
  {
    input:
      'https://urldefense.com/v3/__https://lore.kernel.org/linux-scsi/Ykqg0kr0F*2Fyzk2XW@infradead.org/__;JQ!!ACWV5N9M2RV99hQ!MwAZ$',
    expected: 'https://lore.kernel.org/linux-scsi/Ykqg0kr0F%2Fyzk2XW@infradead.org/',
    source: 'Proofpoint v3 with a replaced character',
  },
  {
    input: `https://eur03.safelinks.protection.outlook.com/?url=${encodeURIComponent(
      'https://www.google.com/url?q=https%3A%2F%2Fzoom.us%2Fj%2F81234567890%3Fpwd%3Dabc&sa=D',
    )}&data=05`,
    expected: 'https://zoom.us/j/81234567890?pwd=abc',
    source: 'nested: Outlook around Google',
  },
  {
    input: 'https://www.google.com/url?q=https%253A%252F%252Fzoom.us%252Fj%252F81234567890',
    expected: 'https://zoom.us/j/81234567890',
    source: 'double percent-encoding',
  },
  {
    input: 'https%3A%2F%2Fmeet.google.com%2Fabc-defg-hij',
    expected: 'https://meet.google.com/abc-defg-hij',
    source: 'whole link percent-encoded',
  },
];

/**
 * Lookalikes: every detector must reject them, findMeetingLinks must find nothing in them and
 * unwrapLink must leave them as they are.
 */
export const LOOKALIKES: readonly string[] = [
  'https://meet.google.com.evil.io/abc-defg-hij',
  'https://evil.io/meet.google.com/abc-defg-hij',
  'evil.io/meet.google.com/abc-defg-hij',
  'https://notzoom.us/j/81234567890',
  'https://zoom.us.attacker.com/j/81234567890',
  'https://attacker.com/zoom.us/j/81234567890',
  'https://zoom.usa.com/j/81234567890',
  'https://zoom-us.com/j/81234567890',
  'user@meet.google.com@evil.io/abc-defg-hij',
  'https://meet.google.com@evil.io/abc-defg-hij',
  'https://meet.google.com%2F@evil.io/abc-defg-hij',
  'https://telemost.yandex.ru.evil.com/j/12345678901234',
  'https://evil.com/telemost.yandex.ru/j/12345678901234',
  'https://youtube.com.evil.org/watch?v=BaW_jenozKc',
  'https://www.youtube.com.evil.org/watch?v=BaW_jenozKc',
  'https://evil.org/youtu.be/BaW_jenozKc',
  'https://rutube.ru.evil.com/video/3eac3b4561676c17df9132a9a1e62e3e/',
  'https://vk.com.evil.com/video-77521_162222515',
  'https://notvimeo.com/56015672',
  'https://evil.com/?u=https://zoom.us/j/81234567890',
  'https://evil.com/redirect?url=https%3A%2F%2Fmeet.google.com%2Fabc-defg-hij',
  'https://www.google.com.evil.io/url?q=https://meet.google.com/abc-defg-hij',
  'https://safelinks.protection.outlook.com.evil.io/?url=https%3A%2F%2Fzoom.us%2Fj%2F81234567890',
  'data:text/html,https://meet.google.com/abc-defg-hij',
  'javascript://meet.google.com/abc-defg-hij',
  'javascript:alert(1)//https://zoom.us/j/81234567890',
  'https://meet.gооgle.com/abc-defg-hij',
  'https://zооm.us/j/81234567890',
  'https://telemost.yandех.ru/j/12345678901234',
  'https://www.youtubе.com/watch?v=BaW_jenozKc',
  'https://evil.com/https://meet.google.com/abc-defg-hij',
];

/** Calendar pages (`detectCalendarPage`): the calendar part of each calendar web app. */
export const CALENDAR_PAGES: readonly Fixture<CalendarApp>[] = [
  {
    input: 'https://calendar.google.com/calendar/u/0/r',
    expected: 'google',
    source: 'Google Calendar web app (calendar.google.com/calendar/...)',
  },
  {
    input: 'https://calendar.google.com/calendar/u/1/r/week/2026/3/4',
    expected: 'google',
    source: 'Google Calendar web app (calendar.google.com/calendar/...)',
  },
  {
    input: 'https://calendar.google.com/calendar/r/eventedit/abc123',
    expected: 'google',
    source: 'Google Calendar web app (calendar.google.com/calendar/...)',
  },
  { input: 'https://calendar.yandex.ru/week?uid=123', expected: 'yandex', source: 'Yandex Calendar web app' },
  { input: 'https://calendar.yandex.com/', expected: 'yandex', source: 'Yandex Calendar web app' },
  {
    input: 'https://calendar.360.yandex.ru/week?show_date=2026-11-26',
    expected: 'yandex',
    source: 'Yandex 360 for business calendar (docs/calendar-pages.md)',
  },
  {
    input: 'https://calendar.yandex.kz/month',
    expected: 'yandex',
    source: 'Yandex Calendar, Kazakhstan host',
  },
  { input: 'https://calendar.yandex.by/week', expected: 'yandex', source: 'Yandex Calendar, Belarus host' },
  {
    input: 'https://outlook.cloud.microsoft/calendar/view/workweek',
    expected: 'outlook',
    source: 'Outlook on the web for work and school accounts (docs/calendar-pages.md)',
  },
  {
    input: 'https://outlook.live.com/calendar/0/view/week',
    expected: 'outlook',
    source: 'Outlook on the web, calendar module',
  },
  {
    input: 'https://outlook.office.com/calendar/view/month',
    expected: 'outlook',
    source: 'Outlook on the web, calendar module',
  },
  {
    input: 'https://outlook.office365.com/calendar/item/AAMk',
    expected: 'outlook',
    source: 'Outlook on the web, calendar module',
  },
];

/** Near misses of calendar pages: mail on the calendar hosts, redirect pages, ports, plain http. */
export const CALENDAR_LOOKALIKES: readonly string[] = [
  'https://outlook.live.com/mail/0/inbox',
  'https://outlook.office.com/mail/deeplink/compose',
  'https://outlook.office365.com/owa/',
  'https://outlook.office.com/calendarx',
  'https://calendar.google.com/',
  'https://calendar.google.com/url?q=https://meet.google.com/abc-defg-hij',
  'https://www.google.com/url?q=https%3A%2F%2Fcalendar.google.com%2Fcalendar%2Fr',
  'https://l.facebook.com/l.php?u=https%3A%2F%2Fcalendar.google.com%2Fcalendar%2Fr',
  'https://vk.com/away.php?to=https%3A%2F%2Fcalendar.yandex.ru%2F',
  'http://calendar.google.com/calendar/r',
  'https://calendar.google.com:8443/calendar/r',
  'https://user:secret@calendar.google.com/calendar/r',
  'https://calendar.google.com.evil.io/calendar/r',
  'https://evil.io/calendar.google.com/calendar/r',
  'https://calendar.yandex.ru.evil.com/',
  'https://notcalendar.yandex.ru/',
  'https://outlook.cloud.microsoft/mail/inbox',
  'https://outlook.cloud.microsoft.evil.io/calendar/view/week',
  'https://calendar.360.yandex.ru.evil.com/',
  'https://teams.cloud.microsoft/calendar/view/week',
];
