import { errorFromStatus, unwrap } from '../../../src/js/api/errors.js';

test('maps each Status code to the spec exception', () => {
  expect(errorFromStatus(1, 'm')).toBeInstanceOf(TypeError);
  expect(errorFromStatus(2, 'm').name).toBe('InvalidStateError');
  expect(errorFromStatus(3, 'm').name).toBe('NotSupportedError');
  expect(errorFromStatus(4, 'm').name).toBe('OperationError');
  expect(errorFromStatus(5, 'm').name).toBe('UnknownError');
  expect(errorFromStatus(6, 'm')).toBeInstanceOf(TypeError);
  expect(errorFromStatus(3, 'gru: not supported yet').message).toBe('gru: not supported yet');
});

test('unwrap returns the value or throws the mapped error', () => {
  expect(unwrap({ value: 7 })).toBe(7);
  expect(() => unwrap({ error: 2, message: 'gone' })).toThrow(DOMException);
});
