/**
 * Accounts, teams, projects and access (issue 22, being built): the permission table ({@code Roles}), projects
 * that own maps and tilesets ({@code Projects}), accounts ({@code Users}, {@code Passwords}) and API tokens
 * ({@code Tokens}, {@code ApiTokens}). No request asks for credentials yet.
 */
package dev.tilewright.access;
