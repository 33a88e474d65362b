/**
 * Web plumbing shared by every feature: RFC 9457 problems ({@code Refused}, {@code ProblemAdvice}),
 * ETags, JSON and OpenAPI configuration. Depends on Spring and {@code core} only.
 */
package dev.tilewright.web;

import dev.tilewright.core.refusal.Refused;
