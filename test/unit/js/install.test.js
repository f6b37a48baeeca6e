// install(): globals, navigator.ml as a prototype getter, the modes (auto, force, native), the GPUDevice stub.
// test/unit/js/bridge.test.js runs the auto mode's bridge against a native stand-in that computes.
import { jest } from '@jest/globals';
import { install, installedMode, uninstall, isInstalled, MLContext, MLGraphBuilder, MLOperand, MLTensor, ML } from '../../../src/js/index.js';

afterEach(() => uninstall());

test('installs navigator.ml and the interface objects', () => {
  expect(install()).toBe(true);
  expect(isInstalled()).toBe(true);
  expect(navigator.ml).toBeInstanceOf(ML);
  expect(navigator.ml).toBe(navigator.ml);  // [SameObject]
  for (const [name, cls] of Object.entries({ MLContext, MLGraphBuilder, MLOperand, MLTensor, ML })) {
    expect(globalThis[name]).toBe(cls);
    expect(Object.getOwnPropertyDescriptor(globalThis, name).enumerable).toBe(false);
  }
});

test('classes behave like WebIDL interfaces', () => {
  install();
  expect(() => new MLContext()).toThrow(new TypeError('Illegal constructor'));
  expect(() => new MLOperand()).toThrow(TypeError);
  expect(() => new MLTensor()).toThrow(TypeError);
  expect(Object.prototype.toString.call(navigator.ml)).toBe('[object ML]');
  expect(Object.prototype.toString.call(MLContext.prototype)).toBe('[object MLContext]');
  const accelerated = Object.getOwnPropertyDescriptor(MLContext.prototype, 'accelerated');
  expect(typeof accelerated.get).toBe('function');
  expect(accelerated.enumerable).toBe(true);
  expect(() => MLContext.prototype.dispatch.call({})).toThrow(TypeError);
});

test('native leaves a working native WebNN alone; auto bridges it; force replaces it', () => {
  const native = { createContext: async () => 'native' };
  const proto = Object.getPrototypeOf(globalThis.navigator ?? {});
  globalThis.navigator ??= {};
  Object.defineProperty(globalThis.navigator, 'ml', { get: () => native, configurable: true });
  globalThis.MLGraphBuilder = class NativeBuilder {};
  try {
    expect(install({ mode: 'native' })).toBe(false);
    expect(navigator.ml).toBe(native);
    expect(installedMode()).toBe(null);
    expect(install()).toBe(true);
    expect(installedMode()).toBe('bridge');
    expect(navigator.ml).not.toBe(native);
    expect(navigator.ml).toBeInstanceOf(globalThis.ML);
    uninstall();
    expect(navigator.ml).toBe(native);
    expect(install({ mode: 'force' })).toBe(true);
    expect(installedMode()).toBe('webnn-wasm');
    expect(navigator.ml).toBeInstanceOf(ML);
  } finally {
    delete globalThis.navigator.ml;
    delete globalThis.MLGraphBuilder;
    void proto;
  }
});

test('a foreign navigator.ml without createContext does not count as native', () => {
  globalThis.navigator ??= {};
  Object.defineProperty(globalThis.navigator, 'ml', { value: { modelLoader: true }, configurable: true, writable: true });
  try {
    expect(install()).toBe(true);
  } finally {
    delete globalThis.navigator.ml;
  }
});

test('defines an inert GPUDevice only when none exists, and can opt out', () => {
  expect(globalThis.GPUDevice).toBeUndefined();
  install();
  expect(typeof GPUDevice).toBe('function');
  expect(() => new GPUDevice()).toThrow(TypeError);
  expect({} instanceof GPUDevice).toBe(false);
  uninstall();
  expect(globalThis.GPUDevice).toBeUndefined();
  install({ gpuDeviceStub: false });
  expect(globalThis.GPUDevice).toBeUndefined();
});

test('rejects an unknown mode', () => {
  expect(() => install({ mode: 'sometimes' })).toThrow(new TypeError("install options.mode: 'sometimes' is not one of 'auto', 'force', 'native'."));
  expect(() => install({ mode: 'if-missing' })).toThrow(TypeError);
  expect(jest).toBeDefined();
});
