import {
  ARTWORK_MAX_PX,
  ARTWORK_MIN_PX,
  RELEASE_MAX_TRACKS,
  SILENCE_MAX_SECONDS,
} from "./release-constants";

/** Every sentence a person reads about releases; the server and the web use the same. */
export const releaseMessages = {
  // Required fields.
  titleRequired: "Enter the release title.",
  primaryArtistRequired: "Enter the primary artist.",
  genreRequired: "Choose a genre.",
  languageRequired: "Choose a language.",
  releaseDateRequired: "Choose a release date.",
  pLineRequired: "Enter the ℗ line.",
  cLineRequired: "Enter the © line.",
  artworkRequired: "Add the artwork.",
  tracksRequired: "Add at least one track.",
  trackTitleRequired: "Enter the track title.",
  composerRequired: "Enter the composer.",
  lyricistRequired: "Enter the lyricist, or tick Instrumental.",
  explicitRequired: "Choose whether the track is explicit.",
  audioRequired: "Add the audio file.",
  // Word rules.
  copyrightLine: "Enter a four-digit year and an owner, e.g. 2026 Asha Rao.",
  featuringInTitle: "Add featured artists in Featured artists, not in the title.",
  genericArtist: "Stores refuse generic artist names. Use your artist name.",
  explicitInTitle: "Say whether a track is explicit with the Explicit choice, not in the title.",
  isrcFormat: "ISRC must look like IN-ABC-26-00001.",
  isrcTaken: "This ISRC is already used by another track.",
  audioTaken: "This audio file is already used by another track. Upload this track's own audio.",
  upcTaken: "This UPC is already used by another release.",
  upcFormat: "UPC must be 12 or 13 digits with a valid check digit.",
  releaseDateTooSoon: (leadDays: number) =>
    `The release date must be at least ${leadDays} days from today.`,
  originalDateInFuture: "The original release date cannot be in the future.",
  tooManyTracks: `A release can hold at most ${RELEASE_MAX_TRACKS} tracks.`,
  titleCase: (suggestion: string) => `Stores prefer title case: "${suggestion}".`,
  // Shapes refused with 400.
  invalidDate: "Enter a valid date (YYYY-MM-DD).",
  unknownGenre: "Choose a genre from the list.",
  unknownLanguage: "Choose a language from the list.",
  unknownExplicit: "Choose Explicit, Clean or Not explicit.",
  invalidTrackId: "Each track needs an id (a UUID).",
  duplicateTrackId: "Two tracks have the same id.",
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  tooManyFeatured: (max: number) => `A list of featured artists can hold at most ${max} names.`,
  versionMissing: "The release's version is missing.",
  versionInvalid: "The release's version must be a whole number, 1 or more.",
  artworkFileUnknown: "The artwork file was not found. Upload it again.",
  audioFileUnknown: "The audio file was not found. Upload it again.",
  // Access and state.
  notFound: "Release not found.",
  artistsOnly: "Only artists can submit releases.",
  ownerOnly: "Only the release's artist can change it.",
  staleVersion: "This release was changed in another tab. Reload to see the latest version.",
  notEditable: (stateLabel: string) =>
    `This release is ${stateLabel.toLowerCase()} and can no longer be changed.`,
  onlyDraftsDeleted: "Only a draft can be deleted. Withdraw the release first.",
  onlySubmittedWithdrawn: "Only a submitted release can be withdrawn; its review has started.",
  draftNotWithdrawn:
    "This release is still a draft: it was never submitted, so there is nothing to withdraw.",
  notWithdrawn: (stateLabel: string) =>
    `Only a submitted release can be withdrawn; this one is ${stateLabel}.`,
  submitBlocked: "This release cannot be submitted yet. Fix the problems listed.",
  acknowledgeWarnings: "Acknowledge the warnings before submitting.",
  uploadNeedsRelease: "Choose a release of yours that can still be changed before uploading.",
  uploadNeedsTrack: "Choose the track this audio belongs to.",
  // Artwork checks (exact texts the tus finish answers with).
  artworkFormat: "Artwork must be a JPG or PNG image.",
  artworkNotSquare: (width: number, height: number) =>
    `Artwork must be square (this image is ${width} × ${height} px).`,
  artworkTooSmall: (width: number, height: number) =>
    `Artwork must be at least ${ARTWORK_MIN_PX} × ${ARTWORK_MIN_PX} px (this image is ${width} × ${height} px).`,
  artworkTooLarge: (width: number, height: number) =>
    `Artwork must be at most ${ARTWORK_MAX_PX} × ${ARTWORK_MAX_PX} px (this image is ${width} × ${height} px).`,
  artworkUnreadable: "Artwork could not be read. Export it again as JPG or PNG.",
  artworkTooManyBytes: "Artwork must be at most 30 MB.",
  artworkColour: (space: "CMYK" | "greyscale") =>
    `Artwork must be in RGB colour (this image is ${space}).`,
  artworkTransparent: "Artwork must not be transparent.",
  // Audio checks.
  audioFormat: (format: string) =>
    `Audio must be a WAV or FLAC file (this file is ${format || "an unknown format"}).`,
  audioSampleRate: (khz: string) => `Audio must be 44.1 kHz or higher (this file is ${khz} kHz).`,
  audioBitDepth: (bits: number) => `Audio must be 16 or 24-bit (this file is ${bits}-bit).`,
  audioChannels: (channels: number) =>
    `Audio must be stereo (this file is ${channels === 1 ? "mono" : `${channels} channels`}).`,
  audioTooShort: "Audio must be at least 30 seconds long.",
  audioTooManyBytes: "Audio must be at most 2 GB.",
  audioUnreadable: "This audio file could not be read. Export it again as WAV or FLAC.",
  silence: (seconds: number, where: "start" | "end") =>
    `Silence of ${seconds} s at the ${where}. Stores refuse more than ${SILENCE_MAX_SECONDS} s of silence at the start or end.`,
  // The submission email.
  submittedSubject: (title: string) => `Your release “${title}” was submitted`,
} as const;
