import { describe, expect, it } from 'vitest';
import { countLinks, maskName } from './board.ts';

describe('board rules', () => {
  it('masks names on the public board, keeping a role written after the name', () => {
    expect(maskName('김민준')).toBe('김*준');
    expect(maskName('남궁민수')).toBe('남**수');
    expect(maskName('김민')).toBe('김*');
    expect(maskName('박서연 학부모')).toBe('박*연 학부모');
    expect(maskName('J')).toBe('J');
  });

  it('counts links as spammers write them', () => {
    expect(countLinks('공지 http://a.example 와 https://b.example/x?y=1, www.c.example')).toBe(3);
    expect(countLinks('이메일 a@b.com 은 링크가 아닙니다')).toBe(0);
  });
});
