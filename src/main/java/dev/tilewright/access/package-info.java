/**
 * Accounts, teams, projects and access (issue 22, being built): so far the form of API tokens and the password
 * policy. Nothing here is wired into requests yet.
 */
package dev.tilewright.access;
