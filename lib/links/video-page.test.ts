import { describe, expect, it } from 'vitest';
import { VIDEO_PAGES } from './fixtures';
import { parseVideoPage } from './index';

describe('parseVideoPage: single videos', () => {
  it.each(VIDEO_PAGES.map((c) => [c.source, c.input, c.expected] as const))(
    '%s: %s',
    (_source, input, expected) => {
      expect(parseVideoPage(input)).toEqual(expected);
    },
  );

  it('covers every site it recognises', () => {
    const sites = new Set(VIDEO_PAGES.map((c) => c.expected.site));
    expect([...sites].sort()).toEqual(
      [
        'dailymotion',
        'dzen',
        'loom',
        'ok',
        'rutube',
        'tiktok',
        'twitch',
        'vimeo',
        'vk',
        'youtube',
        'zoom',
      ].sort(),
    );
  });

  it('returns https canonical URLs that are themselves recognised as the same video', () => {
    for (const { expected } of VIDEO_PAGES) {
      expect(expected.url).toMatch(/^https:\/\//);
      expect(parseVideoPage(expected.url)).toEqual(expected);
    }
  });
});

const NOT_VIDEOS: ReadonlyArray<readonly [string, string]> = [
  ['empty', ''],
  ['YouTube home', 'https://www.youtube.com/'],
  ['YouTube handle', 'https://www.youtube.com/@GoogleDevelopers'],
  ['YouTube channel', 'https://www.youtube.com/channel/UCLqxVugv74EIW3VWh2NOa3Q'],
  ['YouTube playlist', 'https://www.youtube.com/playlist?list=PL59FEE129ADFF2B12'],
  ['YouTube watch without v', 'https://www.youtube.com/watch?list=PL59FEE129ADFF2B12'],
  ['YouTube search', 'https://www.youtube.com/results?search_query=meeting'],
  ['YouTube playlist embed', 'https://www.youtube.com/embed/videoseries?list=PL59FEE129ADFF2B12'],
  ['YouTube live_stream embed', 'https://www.youtube.com/embed/live_stream?channel=UCLqxVugv74EIW3VWh2NOa3Q'],
  ['YouTube id too short', 'https://www.youtube.com/watch?v=BaW_jenozK'],
  ['YouTube id too long', 'https://www.youtube.com/watch?v=BaW_jenozKcc'],
  ['YouTube id with bad characters', 'https://www.youtube.com/watch?v=BaW_jenoz%2Bc'],
  ['youtu.be without an id', 'https://youtu.be/'],
  ['YouTube feed', 'https://www.youtube.com/feed/subscriptions'],
  ['YouTube deeper subdomain', 'https://a.b.youtube.com/watch?v=BaW_jenozKc'],
  ['YouTube over ftp', 'ftp://www.youtube.com/watch?v=BaW_jenozKc'],
  ['Rutube home', 'https://rutube.ru/'],
  ['Rutube channel', 'https://rutube.ru/channel/639184/videos/'],
  ['Rutube playlist', 'https://rutube.ru/plst/308547/'],
  ['Rutube person', 'https://rutube.ru/video/person/313878/'],
  ['Rutube tag', 'https://rutube.ru/tags/video/1800/'],
  ['Rutube id too short', 'https://rutube.ru/video/3eac3b45/'],
  ['VK home', 'https://vk.com/'],
  ['VK video catalogue', 'https://vk.com/video'],
  ['VK community videos', 'https://vk.com/videos-77521'],
  ['VK Video playlist without a video', 'https://vkvideo.ru/playlist/-220754053_3'],
  ['VK Video playlist, extra path', 'https://vkvideo.ru/playlist/-220754053_3/video-220754053_456239341/x'],
  ['VK profile', 'https://vk.com/id1'],
  ['VK embed with a bad owner', 'https://vk.com/video_ext.php?oid=abc&id=1'],
  ['VK away.php to a non-video', 'https://vk.com/away.php?to=https%3A%2F%2Fexample.com'],
  ['Vimeo home', 'https://vimeo.com/'],
  ['Vimeo user', 'https://vimeo.com/user7108434'],
  ['Vimeo channel', 'https://vimeo.com/channels/staffpicks'],
  ['Vimeo showcase', 'https://vimeo.com/showcase/3253534'],
  ['Vimeo On Demand', 'https://vimeo.com/ondemand/thereluctantrevolutionary'],
  ['Vimeo live event', 'https://vimeo.com/event/123456'],
  ['Dzen home', 'https://dzen.ru/'],
  [
    'Dzen article',
    'https://dzen.ru/media/id/606fd806cc13cb3c58c05cf5/vot-eto-focus-dedy-morozy-na-gidrociklah-60c7c443da18892ebfe85ed7',
  ],
  ['Dzen channel', 'https://dzen.ru/id/606fd806cc13cb3c58c05cf5'],
  ['Dzen bad id', 'https://dzen.ru/video/watch/notanid'],
  ['OK home', 'https://ok.ru/'],
  ['OK videos', 'https://ok.ru/video'],
  ['OK profile', 'https://ok.ru/profile/561722190321'],
  ['Twitch channel (live, not a recording)', 'https://www.twitch.tv/riotgames'],
  ['Twitch home', 'https://www.twitch.tv/'],
  ['Twitch directory', 'https://www.twitch.tv/directory/category/just-chatting'],
  ['Dailymotion home', 'https://www.dailymotion.com/'],
  ['Dailymotion playlist', 'https://www.dailymotion.com/playlist/x6hynp'],
  ['Dailymotion other TLD', 'https://www.dailymotion.co/video/x8gfli0'],
  ['Loom home', 'https://www.loom.com/'],
  ['Loom short id', 'https://www.loom.com/share/43d05f36'],
  ['TikTok profile', 'https://www.tiktok.com/@leenabhushan'],
  ['TikTok short link', 'https://vm.tiktok.com/ZMeAbCdEf/'],
  ['Zoom recordings list', 'https://zoom.us/recording'],
  ['Zoom recording of an unknown kind', 'https://zoom.us/rec/download/AbCdEf_gh-IJ.KlMnOp123'],
  ['a meeting link', 'https://meet.google.com/abc-defg-hij'],
  ['a Zoom meeting link', 'https://us02web.zoom.us/j/81234567890?pwd=abc'],
  ['a media file', 'https://example.com/video.mp4'],
  ['a Zoom deep link on a video host', 'zoommtg://www.youtube.com/watch?v=BaW_jenozKc'],
];

describe('parseVideoPage: everything else', () => {
  it.each(NOT_VIDEOS)('%s: %s', (_name, input) => {
    expect(parseVideoPage(input)).toBeNull();
  });

  it('reads the current location when called without an argument (none in Node)', () => {
    expect(parseVideoPage()).toBeNull();
  });
});
