#!/usr/bin/env bash
# The JVM toolchain that compiles the Java and Kotlin types `toolresult generate --lang java|kotlin`
# writes (test/types/java.test.ts, test/types/kotlin.test.ts): a JDK 17 (javac; records need 16+) and
# Maven from Debian's packages, and the Kotlin compiler, which Debian does not package, fetched from
# Maven Central by a pom of its own (org.jetbrains.kotlin:kotlin-compiler-embeddable and what it
# depends on: the standard library, the script runtime, reflect, the daemon, coroutines, annotations)
# into ~/.cache/toolresult-protocol/kotlin-<version>, marked .complete once every jar is there, where
# test/types/drivers.ts runs it as `java -cp <jars> org.jetbrains.kotlin.cli.jvm.K2JVMCompiler`.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v javac > /dev/null; then DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openjdk-17-jdk-headless; fi
if ! command -v mvn > /dev/null; then DEBIAN_FRONTEND=noninteractive apt-get install -y -qq maven; fi

version=2.4.21
dir="${XDG_CACHE_HOME:-$HOME/.cache}/toolresult-protocol/kotlin-$version"
if [ ! -f "$dir/.complete" ]; then
  tmp="$dir.$$.tmp"
  rm -rf "$tmp"
  mkdir -p "$tmp"
  cat > "$tmp/pom.xml" << POM
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>toolresult-protocol</groupId>
  <artifactId>kotlin-compiler-fetch</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency>
      <groupId>org.jetbrains.kotlin</groupId>
      <artifactId>kotlin-compiler-embeddable</artifactId>
      <version>$version</version>
    </dependency>
  </dependencies>
</project>
POM
  (cd "$tmp" && mvn -q -B dependency:copy-dependencies -DoutputDirectory=jars)
  # Without the compiler's and the standard library's jars the directory is not the compiler.
  ls "$tmp/jars/kotlin-compiler-embeddable-$version.jar" "$tmp/jars/kotlin-stdlib-$version.jar" > /dev/null
  printf '%s\n' "$version" > "$tmp/.complete"
  rm -rf "$dir"
  mv "$tmp" "$dir"
fi
echo "setup: the Kotlin compiler $version at $dir/jars"
