/**
 * What the extension knows of one video site family, in one file per family
 * (lib/links/video/<site>.ts). Every list of video sites derives from these definitions
 * (./index.ts): the detector, the video content script's matches and the "Transcribe audio" menu's
 * patterns; the registry's test names what a site is missing.
 */
import type { VideoPage, VideoSite } from '../types';
import type { ParsedLink } from '../url';

export interface VideoSiteDefinition {
  /** Stable short name: the `site` of its video pages. */
  id: VideoSite;
  /**
   * The hosts where a person watches its videos (`*.host` covers the domain and its subdomains):
   * the video content script runs there (new hosts here are new host access in the manifest), and
   * the page's and the links' "Transcribe audio" show there.
   */
  watchHosts: readonly string[];
  /**
   * Hosts of its links only (short links that redirect to a watch page, embeds that live in frames
   * of other sites): a link to them gets "Transcribe audio"; no script runs there.
   */
  linkHosts?: readonly string[];
  /** The paths of its video pages on those hosts (default: every path). */
  paths?: readonly string[];
  /** The video a parsed link names on this site (canonical https page), or null. Never throws. */
  parse(link: ParsedLink): VideoPage | null;
}
