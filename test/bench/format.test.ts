// The short number formats of the benchmark's tables, and the markdown table layout.
import { describe, expect, it } from 'vitest';
import { formatBytes, formatLatency, formatMs, formatPercent, formatRate, formatRatio, formatSeconds, markdownTable } from '../../bench/report/format.ts';

describe('number formats', () => {
  it.each([
    { name: 'a rate in the thousands gets separators and no decimals', format: formatRate, value: 24647.2, expected: '24,647' },
    { name: 'a rate of exactly 100 is whole', format: formatRate, value: 100, expected: '100' },
    { name: 'a rate under 100 keeps one decimal', format: formatRate, value: 4.26, expected: '4.3' },
    { name: 'milliseconds from 10 up are whole, with separators', format: formatMs, value: 4100.4, expected: '4,100' },
    { name: 'milliseconds under 10 keep one decimal', format: formatMs, value: 0.44, expected: '0.4' },
    { name: 'a share from 1 % up keeps one decimal', format: formatPercent, value: 0.3049, expected: '30.5 %' },
    { name: 'a share under 1 % keeps two decimals', format: formatPercent, value: 0.00406, expected: '0.41 %' },
    { name: 'bytes under 1000 are bytes', format: formatBytes, value: 999, expected: '999 B' },
    { name: 'bytes in the thousands are kB', format: formatBytes, value: 27191, expected: '27.2 kB' },
    { name: 'bytes in the millions are MB', format: formatBytes, value: 1_250_000, expected: '1.3 MB' },
    { name: 'a ratio from 100 up is whole', format: formatRatio, value: 123.4, expected: '123×' },
    { name: 'a ratio between 1 and 100 keeps one decimal', format: formatRatio, value: 10.26, expected: '10.3×' },
    { name: 'a ratio under 1 keeps two significant digits', format: formatRatio, value: 0.008064, expected: '0.0081×' },
    { name: 'a ratio against a target that answered nothing is a dash', format: formatRatio, value: Infinity, expected: '-' },
    { name: 'a ratio of a target that answered nothing is a dash', format: formatRatio, value: 0, expected: '-' },
    { name: 'milliseconds as seconds keep one decimal', format: formatSeconds, value: 74_210, expected: '74.2 s' },
  ])('$name', ({ format, value, expected }) => {
    expect(format(value)).toBe(expected);
  });

  it('puts p50 and p99 in one cell', () => {
    expect(formatLatency(3.25, 41.6)).toBe('3.3 / 42');
  });
});

describe('markdownTable', () => {
  it('pads every column to its widest cell so the table lines up as text and stays valid markdown', () => {
    expect(markdownTable(['Scenario', 'Req/s'], [['default list', '198'], ['populate=*', '54.2']])).toBe(
      ['| Scenario     | Req/s |', '| ------------ | ----- |', '| default list | 198   |', '| populate=*   | 54.2  |'].join('\n'),
    );
  });
});
