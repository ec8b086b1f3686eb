/** The viewer's address of one utterance of a recording: it opens the transcript there and focuses it. */
export function utteranceUrl(spaceId: number, audioId: number, block: number, utterance: number): string {
  return `/viewer.html?space=${spaceId}&audio=${audioId}&tab=transcript&at=${block}.${utterance}`;
}
