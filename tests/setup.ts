// Common setup: jest-dom matchers and a canvas mock for UI tests that run in jsdom.
import '@testing-library/jest-dom/vitest';
if (typeof window !== 'undefined') await import('vitest-canvas-mock');
