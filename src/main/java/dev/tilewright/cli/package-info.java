/**
 * The {@code tilewright} command line (docs/ci.md): renders, pictures and compares maps in files or on a service,
 * for CI jobs and terminals. It runs the service's own {@code core}, {@code format} and {@code render} code and
 * nothing of Spring (ArchitectureTest keeps it so); it is its own jar, {@code target/tilewright-cli.jar}.
 */
package dev.tilewright.cli;
