import { httpsUrl, videoSource } from '../media-urls';
import type { BlockProps } from '../page-content';

export function Image({ src, alt, caption }: BlockProps<'Image'>) {
  const url = httpsUrl(src);
  if (!url) return <div className="fp-placeholder">Image: add an https:// address</div>;
  return (
    <figure className="fp-figure">
      <img src={url.href} alt={alt} loading="lazy" decoding="async" />
      {caption.trim() && <figcaption>{caption}</figcaption>}
    </figure>
  );
}

export function Video({ url, title }: BlockProps<'Video'>) {
  const source = videoSource(url);
  if (!source) return <div className="fp-placeholder">Video: add a YouTube, Vimeo or https:// .mp4 link</div>;
  return (
    <figure className="fp-figure">
      <div className="fp-video">
        {source.kind === 'embed'
          ? <iframe src={source.src} title={title} loading="lazy" allow="encrypted-media; picture-in-picture; fullscreen" referrerPolicy="strict-origin-when-cross-origin" />
          : <video src={source.src} title={title} controls preload="metadata" />}
      </div>
    </figure>
  );
}
