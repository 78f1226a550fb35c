import { describe, expect, it } from 'vitest';
import { displayName, sniffCloserFileType } from './closer-file-type';

describe('closer file type: known from the bytes only', () => {
  it('knows PDF, PNG, JPEG and WebP by their signatures', () => {
    expect(sniffCloserFileType(Buffer.from('%PDF-1.7\n...'))).toBe('application/pdf');
    expect(sniffCloserFileType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffCloserFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0]))).toBe('image/jpeg');
    expect(sniffCloserFileType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe('image/webp');
  });

  it('refuses HTML, SVG, scripts, executables and archives whatever their names say', () => {
    for (const bytes of ['<!doctype html><script>alert(1)</script>', '<svg xmlns="http://www.w3.org/2000/svg"/>', '#!/bin/sh\nrm -rf /', 'MZ\x90\x00', 'PK\x03\x04', '']) {
      expect(sniffCloserFileType(Buffer.from(bytes, 'latin1'))).toBeNull();
    }
  });
});

describe('closer file display name', () => {
  it('drops folders and control or direction-override characters, and ends in the real extension', () => {
    expect(displayName('C:\\Users\\cleo\\resume.pdf', 'application/pdf')).toBe('resume.pdf');
    expect(displayName('../../etc/passwd', 'application/pdf')).toBe('passwd.pdf');
    expect(displayName('cv\u202Efdp.exe', 'application/pdf')).toBe('cvfdp.exe.pdf');
    expect(displayName('photo.JPEG', 'image/jpeg')).toBe('photo.JPEG');
    expect(displayName(undefined, 'image/png')).toBe('file.png');
    expect(displayName('x'.repeat(400), 'image/png')).toHaveLength(154);
  });
});
