package io.clirbench.lexical;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.snowball.SnowballFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.util.ElisionFilter;
import org.tartarus.snowball.SnowballStemmer;

import java.util.function.Supplier;

/**
 * Standard tokenizer, optional elision (French l', d'), lower case, the language's stop words and
 * a Snowball stemmer. Chosen over Lucene's light stemmers because e.g. the Spanish light stemmer
 * leaves singular/plural pairs such as "nación"/"naciones" apart, while Snowball conflates them.
 */
final class SnowballLanguageAnalyzer extends Analyzer {

    private final CharArraySet stopWords;
    private final CharArraySet articles;
    private final Supplier<SnowballStemmer> stemmer;

    SnowballLanguageAnalyzer(CharArraySet stopWords, CharArraySet articles, Supplier<SnowballStemmer> stemmer) {
        this.stopWords = stopWords;
        this.articles = articles;
        this.stemmer = stemmer;
    }

    @Override
    protected TokenStreamComponents createComponents(String fieldName) {
        Tokenizer source = new StandardTokenizer();
        TokenStream stream = source;
        if (articles != null) {
            stream = new ElisionFilter(stream, articles);
        }
        stream = new LowerCaseFilter(stream);
        stream = new StopFilter(stream, stopWords);
        stream = new SnowballFilter(stream, stemmer.get());
        return new TokenStreamComponents(source, stream);
    }

    @Override
    protected TokenStream normalize(String fieldName, TokenStream in) {
        return new LowerCaseFilter(in);
    }
}
