// Runs the gateway as `npm start` runs it, compiled (dist/gateway/main.js, which reads this
// process's argv and environment), under a command line of the benchmark's own, so its gateways
// are told apart from others on the same machine (`ps`, and a `pkill -f gateway/main` meant for
// other servers does not end a measurement).
await import('../../dist/gateway/main.js');
