// Stops a start on a Node.js older than the project supports, with one line that says which is
// needed (the dependencies' engines: the oldest Node every one of them accepts). Plain syntax: it
// must run on the old Node it refuses.
const [major, minor] = process.versions.node.split('.').map(Number);
const need = { major: 22, minor: 20 };
if (major < need.major || (major === need.major && minor < need.minor)) {
  console.error(
    `Aval precisa do Node.js ${need.major}.${need.minor} ou mais novo (recomendado: 24 LTS); este é o ${process.versions.node}. / Aval needs Node.js ${need.major}.${need.minor}+ (24 LTS recommended); this is ${process.versions.node}.`,
  );
  process.exit(1);
}
