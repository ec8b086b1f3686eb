/**
 * English text of the popup, the side panel, the viewer and the options page: the catalog every
 * page loads with its first script (and the shape of every other language's catalog).
 */
export const en = {
  appName: 'Meeting Capture',
  loading: 'Loading…',
  retry: 'Try again',
  close: 'Close',
  cancel: 'Cancel',
  back: 'Back',
  save: 'Save',
  saved: 'Saved',
  serviceFooter: 'Service',
  // Sign-in
  signInTitle: 'Sign in to the service',
  signInIntro: 'Use the email and password of your account on the Meeting Recording Processing Service.',
  emailInvalid: 'Enter the email of your account, such as name@example.com.',
  passwordMissing: 'Enter the password of your account.',
  serviceUrl: 'Service URL',
  email: 'Email',
  password: 'Password',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  signOut: 'Sign out',
  signOutKept: (count: number) =>
    count === 1 ? 'Sign out and delete the kept recording?' : `Sign out and delete ${count} kept recordings?`,
  signOutKeptNote: 'Signing out deletes them. Cancel to upload them first.',
  signOutDelete: 'Delete and sign out',
  signInKept: (count: number) =>
    count === 1
      ? 'Sign in and delete the recording kept for another account?'
      : `Sign in and delete ${count} recordings kept for another account?`,
  signInKeptNote:
    'They were recorded while another account was signed in here. Cancel and sign in as that account to upload them.',
  signInDelete: 'Delete and sign in',
  serviceKept: (count: number) =>
    count === 1
      ? 'Change the address and delete the kept recording?'
      : `Change the address and delete ${count} kept recordings?`,
  serviceKeptNote:
    'They were recorded with the service at the current address, and a new address signs you out. Cancel to keep them: upload them there first.',
  serviceDelete: 'Delete and change',
  invalidUrl: 'Enter a link starting with https:// or http://.',
  stillTrying: (url: string) => `Still trying to reach ${url}: no answer yet.`,
  tryingAgain: 'Trying again…',
  serviceUrlWillConnect: (url: string) => `Will connect to ${url}`,
  serviceUrlProblem: (problem: string): string =>
    (
      ({
        empty: 'Enter the address of the service, for example example.com.',
        invalid: 'This is not a web address. Enter the address of the service, for example example.com.',
        scheme: 'Only https:// addresses can be used (plain http:// only for a service on this computer).',
        insecure:
          'Plain http:// is allowed only for a service on this computer (localhost, 127.0.0.1). Use https:// so that the password and the session are encrypted.',
        credentials:
          'A user name or password inside the address is not accepted: remove the part up to “@” and sign in with the email and password fields.',
        query:
          'The address cannot contain “?” or “#”: enter only the address of the service, for example https://example.com.',
      }) as Record<string, string>
    )[problem] ?? 'This address cannot be used.',
  // Session
  sessionEndsSoon: 'Your session ends within a day. Sign in again to keep uploads and notifications working.',
  sessionExpired: 'Your session has ended. Sign in again.',
  signInAgain: 'Sign in again',
  // Spaces and balance
  space: 'Space',
  mainSpace: (name: string) => `${name} (personal)`,
  timeLeft: 'Processing time left',
  timeLeftValue: (hm: string) => `${hm} left`,
  plan: 'Plan',
  periodEnds: (date: string) => `Period ends ${date}`,
  subscriptionInactive:
    'The subscription of this space is not active: processing cannot start. Renew it on the service.',
  noSubscription: 'This space has no subscription.',
  // Jobs
  activeJobs: 'In progress',
  jobPhase: (key: string): string =>
    (
      ({
        requesting: 'Sending the bot',
        'waiting-meeting': 'Bot in the meeting',
        submitting: 'Submitting',
        downloading: 'Service is downloading',
        uploading: 'Uploading',
        assembling: 'Service is assembling the file',
        starting: 'Starting processing',
        processing: 'Processing',
        uploaded: 'Uploaded, ready to process',
        ready: 'Ready',
        failed: 'Failed',
        cancelled: 'Cancelled',
      }) as Record<string, string>
    )[key] ?? key,
  uploadProgress: (sent: string, total: string, percent: number) => `${sent} of ${total} (${percent}%)`,
  cancelJob: 'Cancel',
  /** A failed or refused bot: record the meeting's tab in the browser ("Record here"). */
  recordInstead: 'Record here instead',
  jobNeedsSite: (site: string) =>
    `Waiting for access to ${site}, where the service keeps uploaded recordings: Meeting Capture may not reach it yet.`,
  allowSite: 'Allow access and upload',
  cancelJobNamed: (title: string) => `Cancel ${title}`,
  dismissJob: 'Dismiss',
  dismissJobNamed: (title: string) => `Dismiss ${title}`,
  untitled: 'Untitled',
  // Recordings
  recentRecordings: 'Recent recordings',
  search: 'Search recordings',
  searchPlaceholder: 'Search by title',
  useRegex: 'Regular expression',
  noRecordings: 'No recordings yet',
  noRecordingsHint: 'Upload a file, send a bot to a meeting, or transcribe a video page.',
  noMatches: (query: string) => `No recordings match “${query}”.`,
  loadMore: 'Load more',
  shownOf: (shown: number, total: number) => `${shown} of ${total}`,
  selectRecording: (title: string) => `Select ${title}`,
  selectedCount: (n: number) => `${n} selected`,
  moveToTrash: 'Move to trash',
  moveToTrashConfirm: (n: number) =>
    n === 1 ? 'Move 1 recording to the trash?' : `Move ${n} recordings to the trash?`,
  moveToTrashNote: 'Recordings in the trash are no longer listed. The service offers no restore from here.',
  movedToTrash: (n: number) =>
    n === 1 ? 'Moved 1 recording to the trash.' : `Moved ${n} recordings to the trash.`,
  clearSelection: 'Clear selection',
  open: 'Open',
  openInViewer: 'Open in viewer',
  openInViewerNamed: (title: string) => `Open ${title} in the viewer`,
  startProcessing: 'Start processing',
  startProcessingNamed: (title: string) => `Start processing ${title}`,
  status: (key: string): string =>
    (
      ({
        'upload-pending': 'Upload pending',
        downloading: 'Downloading',
        checking: 'Checking…',
        'ready-to-process': 'Ready to process',
        processing: 'Processing',
        ready: 'Ready',
        failed: 'Failed',
        trash: 'In trash',
      }) as Record<string, string>
    )[key] ?? key,
  durationUnknown: 'duration unknown',
  // Processing dialog
  processTitle: 'Start processing?',
  processCharge: 'Charge',
  processBalanceNow: 'Balance now',
  processBalanceAfter: 'Balance after',
  processRepeatNote: 'Starting charges the recording’s duration. Starting again later charges again.',
  processNotEnough: (need: string, left: string) =>
    `This recording needs ${need}, but only ${left} is left in this space. Top up the plan or choose another space.`,
  processUnpaid: 'The subscription of this space is not active, so processing cannot start.',
  processDurationUnknown:
    'The service has not read the duration of this file yet; the charge will be its duration.',
  processStarted: (title: string) => `Processing of “${title}” started.`,
  // Preview
  protocol: 'Protocol',
  renderingProtocol: (percent: number) => `Showing the protocol… ${percent}%`,
  noProtocol: 'The protocol is empty.',
  protocolAsText:
    'Part of this protocol is shown as plain text: its formatting is nested too deeply or is too long to read.',
  protocolTruncated: (shown: string, total: string) =>
    `This protocol is very long (${total}), so it is shown shortened: the first ${shown}. Copying and exports use the shortened text; the full protocol stays on the service.`,
  resultLoading: 'Loading the result…',
  resultNotReady: 'The result is not ready yet.',
  resultFailed: 'Processing of this recording failed. The charged time was returned to the balance.',
  notProcessed: 'This recording has not been processed yet.',
  uploadPendingNote: 'The file of this recording has not been fully received by the service.',
  // Upload
  upload: 'Upload',
  uploadTitle: 'Upload a recording',
  uploadFile: 'Local files',
  chooseFiles: 'Choose audio or video files',
  allowedTypes: (list: string) => `Allowed: ${list}`,
  badExtension: (name: string, list: string) =>
    `“${name}” cannot be uploaded: only ${list} files are accepted.`,
  emptyFile: (name: string) => `“${name}” is empty.`,
  titleShortened: (title: string) => `Title shortened to 255 characters: “${title}”`,
  processWhenUploaded: 'Start processing when uploaded',
  uploadStart: (n: number) => (n === 1 ? 'Upload 1 file' : `Upload ${n} files`),
  uploadStarted: 'Upload started. It goes on when this window closes; progress is shown under “In progress”.',
  uploadByUrl: 'By direct link',
  fileUrl: 'Link to an audio or video file',
  fileUrlHint: 'A direct link to the file, without sign-in, at most 255 characters.',
  titleOptional: 'Title (optional, ends with the file extension)',
  submitUrl: 'Submit link',
  urlTooLong: 'The link is longer than 255 characters, which the service does not accept.',
  urlSubmitted: 'Link submitted. The service downloads the file; progress is shown under “In progress”.',
  uploadTo: (space: string) => `Into space: ${space}`,
  // Trash
  trash: 'Trash',
  trashEmpty: 'The trash is empty',
  trashNote: 'Recordings moved to the trash. Restoring them is not offered by the service.',
  settings: 'Settings',
  openItems: 'Open items',
  openSidePanel: 'Open in the side panel',
  // Viewer
  viewerTitle: 'Recording',
  transcript: 'Transcript',
  speakers: 'Speakers',
  sections: 'Sections',
  searchTranscript: 'Search the transcript',
  matchCount: (current: number, total: number) => (total === 0 ? 'No matches' : `${current} of ${total}`),
  previousMatch: 'Previous match',
  nextMatch: 'Next match',
  copyProtocol: 'Copy protocol',
  copyTranscript: 'Copy transcript',
  copied: 'Copied to the clipboard.',
  copyFailed: 'Could not copy to the clipboard.',
  exportAs: 'Export',
  exportMd: 'Markdown',
  exportTxt: 'Text',
  exportSrt: 'SRT',
  exportVtt: 'WebVTT',
  exportNamed: (format: string) => `Export as ${format}`,
  sourceFile: 'Source file',
  getSourceLink: 'Get the source file link',
  sourceLinkValid: (time: string) => `Open the source file (link valid until ${time})`,
  notFound: 'No recording is named in the address. Open a recording from the list.',
  transcriptEmpty: 'The transcript is empty.',
  renderingRest: (shown: number, total: number) => `Showing ${shown} of ${total} topics…`,
  talkTime: 'Talk time per speaker',
  timeline: 'Timeline',
  timelineDescription: (n: number, duration: string) => `When each of ${n} speakers talked over ${duration}.`,
  speakerColumn: 'Speaker',
  talkTimeColumn: 'Talk time',
  shareColumn: 'Share',
  turnsColumn: 'Turns',
  firstSpokeColumn: 'First spoke',
  noSpeakers: 'No speaker data in this result.',
  recordingsList: 'Recordings',
  language: 'Language',
  duration: 'Duration',
  created: 'Created',
  // Options
  optionsTitle: 'Meeting Capture settings',
  connection: 'Connection',
  serviceUrlHint: 'Changing the address signs you out of the current service.',
  defaultSpace: 'Default space',
  defaultSpaceMain: 'My personal space',
  defaultSpaceHint: 'Used by the bot and transcribe buttons on pages, and preselected in the popup.',
  signInForSpaces: 'Sign in to choose a space.',
  meetingTabs: 'Meeting tabs',
  autoJoinTabs: 'Send the bot when I open a meeting tab',
  autoJoinTabsHint:
    'For Google Meet, Zoom and Telemost meetings that are in none of your calendars. The page shows a 10-second countdown with Cancel first; a meeting gets one bot, however many tabs show it.',
  notifications: 'Notifications',
  notifyReady: 'When a result is ready',
  notifyFailed: 'When processing fails',
  processing: 'Processing',
  autoProcess: 'Start processing automatically after an upload or a link',
  interfaceLanguage: 'Interface language',
  languageAuto: (name: string) => `Browser language (${name})`,
  hiddenSites: 'Sites without the floating button',
  hiddenSitesHint: 'The “Send bot” button is not shown on these sites.',
  addSite: 'Add site',
  siteName: 'Site (host name, e.g. meet.google.com)',
  removeSite: (site: string) => `Remove ${site}`,
  badSite: 'Enter a host name such as meet.google.com.',
  noHiddenSites: 'The button is shown on every supported site.',
  account: 'Account',
  signedInAs: (email: string) => `Signed in as ${email}`,
  notSignedIn: 'Not signed in. Use the extension’s popup to sign in.',
};

export type Catalog = typeof en;
