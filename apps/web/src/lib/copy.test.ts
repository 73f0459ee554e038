import { beforeEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy';
import { showToast } from './toast';

vi.mock('./toast', () => ({ showToast: vi.fn() }));

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  writeText.mockReset();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

describe('copyText', () => {
  it('refuses empty content with 复制内容不能为空', async () => {
    expect(await copyText('')).toBe(false);
    expect(await copyText('   ')).toBe(false);
    expect(await copyText(undefined)).toBe(false);
    expect(writeText).not.toHaveBeenCalled();
    expect(showToast).toHaveBeenCalledTimes(3);
    expect(showToast).toHaveBeenLastCalledWith('复制内容不能为空');
  });

  it('copies and says 复制成功', async () => {
    writeText.mockResolvedValue(undefined);
    expect(await copyText('0xA0Cf798816D4b9b9866b5330EEa46a18382f251e')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('0xA0Cf798816D4b9b9866b5330EEa46a18382f251e');
    expect(showToast).toHaveBeenCalledWith('复制成功');
  });

  it('falls back to a selection copy when the clipboard API refuses', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    expect(await copyText('INVITE42')).toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(showToast).toHaveBeenCalledWith('复制成功');
  });

  it('says so when nothing could copy', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    expect(await copyText('INVITE42')).toBe(false);
    expect(showToast).toHaveBeenCalledWith('复制失败，请长按手动复制');
  });
});
