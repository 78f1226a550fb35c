import { describe, expect, it } from 'vitest';
import { durationClock, formatDuration, parseDuration } from './call-duration';

describe('formatDuration', () => {
  it('words a duration as minutes and seconds', () => {
    expect(formatDuration(245)).toBe('4m 5s');
    expect(formatDuration(60)).toBe('1m 0s');
  });
  it('leaves out minutes under a minute and adds hours past the hour', () => {
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(3725)).toBe('1h 2m 5s');
  });
  it('shows a dash for a call that is still running', () => {
    expect(formatDuration(null)).toBe('—');
  });
});

describe('durationClock', () => {
  it('pads seconds, and minutes once there are hours', () => {
    expect(durationClock(245)).toBe('4:05');
    expect(durationClock(9)).toBe('0:09');
    expect(durationClock(3725)).toBe('1:02:05');
  });
});

describe('parseDuration', () => {
  it('reads clocks', () => {
    expect(parseDuration('4:05')).toBe(245);
    expect(parseDuration(' 04:05 ')).toBe(245);
    expect(parseDuration('0:45')).toBe(45);
    expect(parseDuration('75:00')).toBe(4500);
    expect(parseDuration('1:02:05')).toBe(3725);
  });
  it('refuses clocks with 60 or more seconds, or minutes after hours', () => {
    expect(parseDuration('4:60')).toBeNull();
    expect(parseDuration('1:60:00')).toBeNull();
  });
  it('reads minutes and seconds in words', () => {
    expect(parseDuration('4m 5s')).toBe(245);
    expect(parseDuration('4m5s')).toBe(245);
    expect(parseDuration('4 min 5 sec')).toBe(245);
    expect(parseDuration('4 minutes 5 seconds')).toBe(245);
    expect(parseDuration('90s')).toBe(90);
    expect(parseDuration('3m')).toBe(180);
    expect(parseDuration('1h 5m')).toBe(3900);
  });
  it('reads a plain number as minutes', () => {
    expect(parseDuration('4')).toBe(240);
    expect(parseDuration('2.5')).toBe(150);
    expect(parseDuration('0')).toBe(0);
  });
  it('refuses empty and other text', () => {
    for (const raw of ['', '   ', 'soon', '4:5:6:7', '-3', 'm', '4 m 5', '1:2']) expect(parseDuration(raw)).toBeNull();
  });
});
