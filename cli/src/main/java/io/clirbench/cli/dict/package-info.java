/**
 * Bilingual lexicons from FreeDict's Debian packages for {@code bench dict fetch}: the package of a language
 * pair ({@link io.clirbench.cli.dict.FreeDictPackages}), downloaded with {@code apt-get download} (no root
 * needed), unpacked with {@code dpkg-deb -x}, converted by bench-core's {@code DictdReader} and stored with
 * its licence in a bench-core {@code LexiconCache} ({@link io.clirbench.cli.dict.FreeDictFetcher}).
 */
package io.clirbench.cli.dict;
