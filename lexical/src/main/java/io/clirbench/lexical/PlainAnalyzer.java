package io.clirbench.lexical;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.standard.StandardTokenizer;

/**
 * The language-blind chain of {@link LexicalChain#PLAIN}: Unicode word breaks (Lucene's {@link StandardTokenizer}, UAX #29),
 * lower case, nothing else: no stop words, no stemming, no elision. UAX #29 makes each Han ideograph (and each hiragana)
 * a token of its own, so Chinese is matched character by character. Chosen over ICU's tokenizer, which is not a
 * dependency here and would segment Chinese into dictionary words (not wanted: a term shared across languages
 * should be the same token whatever the language) and Thai by dictionary (which the per-language {@code bm25} does not
 * do either: both leave a Thai run between spaces whole).
 */
public final class PlainAnalyzer extends Analyzer {

    @Override
    protected TokenStreamComponents createComponents(String fieldName) {
        Tokenizer source = new StandardTokenizer();
        return new TokenStreamComponents(source, new LowerCaseFilter(source));
    }

    @Override
    protected TokenStream normalize(String fieldName, TokenStream in) {
        return new LowerCaseFilter(in);
    }
}
