// Runs in every test file's worker before its tests: whatever tempDir() made is removed after the file.
import { afterAll } from 'vitest';
import { removeTempDirs } from './helpers.js';

afterAll(() => removeTempDirs());
