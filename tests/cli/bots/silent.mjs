// A program bot that reads its requests and never answers.
import { createInterface } from 'node:readline';
for await (const line of createInterface({ input: process.stdin })) void line;
