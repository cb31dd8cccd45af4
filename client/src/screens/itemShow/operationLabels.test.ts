import { describe, expect, it } from 'vitest';
import { operationLabels } from './OperationBar';

describe('operationLabels', () => {
  it('names no button on a narrow page, only Edit of an owner\'s dozen on a laptop page, every one on a wide page', () => {
    expect(operationLabels(11, 999, 1000)).toBe('none');
    expect(operationLabels(2, 999, 1000)).toBe('none');
    expect(operationLabels(11, 1030, 1000)).toBe('edit');
    expect(operationLabels(11, 1350, 1000)).toBe('all');
    // a reader's few operations keep their labels wherever the page is wide enough for any
    expect(operationLabels(3, 1030, 1000)).toBe('all');
  });
});
