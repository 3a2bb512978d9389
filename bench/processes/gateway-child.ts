// Runs gateway/main.ts unchanged (it reads this process's argv and environment) under a command
// line of the benchmark's own, so its gateways are told apart from others on the same machine
// (`ps`, and a `pkill -f gateway/main.ts` meant for other servers does not end a measurement).
await import('../../gateway/main.ts');
