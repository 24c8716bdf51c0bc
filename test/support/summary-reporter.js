/** Ends every run with the one line CI reads, after jest's own summary: "N passed, N failed". */
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const line = `${results.numPassedTests} passed, ${failed} failed\n`;
    process.once('exit', () => process.stdout.write(`\n${line}`));
  }
}
module.exports = SummaryReporter;
