<?php
// npm run plugin:zip: the installable zip of the companion WordPress plugin
// (server/wordpress/countersign), as Plugins > Add New > Upload Plugin takes it: every file
// under one top folder `countersign/`. Writes build/countersign-<version>.zip (git-ignored)
// and prints its path. PHP's ZipArchive (php-zip, which scripts/wp-stack.sh installs).
declare(strict_types=1);

$root = dirname(__DIR__);
$source = "$root/server/wordpress/countersign";
$main = file_get_contents("$source/countersign.php");
if ($main === false || !preg_match('/^\s*\*\s*Version:\s*(\S+)/m', $main, $m)) {
    fwrite(STDERR, "no Version header in $source/countersign.php\n");
    exit(1);
}
$version = $m[1];
if (!preg_match("/define\\( 'COUNTERSIGN_VERSION', '" . preg_quote($version, '/') . "' \\)/", $main)) {
    fwrite(STDERR, "COUNTERSIGN_VERSION in countersign.php is not the header's Version $version\n");
    exit(1);
}
$outDir = "$root/build";
if (!is_dir($outDir) && !mkdir($outDir, 0o755, true)) {
    fwrite(STDERR, "cannot create $outDir\n");
    exit(1);
}
$target = "$outDir/countersign-$version.zip";
@unlink($target);
$zip = new ZipArchive();
if ($zip->open($target, ZipArchive::CREATE | ZipArchive::EXCL) !== true) {
    fwrite(STDERR, "cannot write $target\n");
    exit(1);
}
$files = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($source, FilesystemIterator::SKIP_DOTS));
$names = [];
foreach ($files as $file) {
    $relative = substr($file->getPathname(), strlen($source) + 1);
    $names[] = $relative;
}
sort($names);
foreach ($names as $relative) {
    $zip->addFile("$source/$relative", "countersign/$relative");
}
$zip->close();
echo $target, "\n";
