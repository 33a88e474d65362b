/**
 * Settings as {@code @ConfigurationProperties} records ({@code tilewright.*}), one per concern, with their
 * defaults and what each bounds (docs/configuration.md lists them all). No logic; any feature may depend on it.
 */
package dev.tilewright.config;
