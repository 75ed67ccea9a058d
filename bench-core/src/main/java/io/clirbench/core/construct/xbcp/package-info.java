/**
 * XBCP's "Building XBCP": evidence documents of an agentic task translated into target languages by a
 * translator model through the build infrastructure (questions and answers stay English), every translation
 * checked for what it must keep ({@link io.clirbench.core.construct.xbcp.PreservationCheck}), and a seeded sample per
 * language judged on accuracy, fluency and completeness ({@link io.clirbench.core.construct.xbcp.TranslationJudge}).
 */
package io.clirbench.core.construct.xbcp;
