import { execFile } from 'node:child_process';

/**
 * The text of a PDF, as a reader's copy-and-paste would give it (unpdf: Mozilla's PDF.js), its whitespace folded to
 * single spaces. PDF.js is an ES module loaded by a dynamic import, which jest's CommonJS sandbox cannot run: it is read
 * in a Node process of its own, the PDF on its stdin.
 */
export function pdfText(bytes: Uint8Array): Promise<string> {
  const script = `
    import { extractText, getDocumentProxy } from 'unpdf';
    const chunks = [];
    for await (const c of process.stdin) chunks.push(c);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(Buffer.concat(chunks))), { mergePages: true });
    process.stdout.write(text);`;
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['--input-type=module', '-e', script], { maxBuffer: 20 * 1024 * 1024 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout.replace(/\s+/g, ' ')),
    );
    child.stdin!.end(Buffer.from(bytes));
  });
}
