// Common setup: jest-dom matchers and a canvas mock for UI tests that run in jsdom; on the server side,
// new password hashes at a lower scrypt work factor (2^12: a few ms against 0.8 s at 2^17). Hashing stays
// real scrypt, and tests/server/auth-passwords.test.ts checks the production factor.
import '@testing-library/jest-dom/vitest';
if (typeof window !== 'undefined') await import('vitest-canvas-mock');
else (await import('../server/services/auth/passwords')).setNewHashWorkFactor(12);
