/**
 * Accounts, teams, projects and access: who is calling ({@code Caller}: a session from the sign-in form, or an API
 * token, authenticated by Spring Security in {@code SecurityConfig}) and what they may do ({@code Access}, the one
 * authorization service, asked for every route through {@code Requires}, by the live handshake and for every live
 * op). The permission table ({@code Roles}), accounts ({@code Users}, {@code Passwords}), tokens ({@code Tokens},
 * {@code ApiTokens}), the first admin ({@code Bootstrap}) and their API ({@code MeController},
 * {@code PeopleController}). Depends on web (problems) and config; features depend on it, never the reverse.
 */
package dev.tilewright.access;
