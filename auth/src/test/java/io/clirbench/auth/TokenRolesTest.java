package io.clirbench.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** Token to roles, as the security contract lists them; unset tokens fail closed. */
class TokenRolesTest {

    @Test
    void eachTokenGrantsItsRoles() {
        TokenRoles tokens = TokenRoles.of("run-secret", "read-secret", "svc-secret");
        assertThat(tokens.holderOf("run-secret")).hasValue(new TokenRoles.Holder("runner", Set.of("reader", "runner")));
        assertThat(tokens.holderOf("read-secret")).hasValue(new TokenRoles.Holder("reader", Set.of("reader")));
        assertThat(tokens.holderOf("svc-secret")).hasValue(new TokenRoles.Holder("service", Set.of("service")));
        assertThat(tokens.holderOf("run-secreT")).isEmpty();
        assertThat(tokens.holderOf("run-secret-and-more")).isEmpty();
        assertThat(tokens.holderOf("")).isEmpty();
        assertThat(tokens.holderOf(null)).isEmpty();
    }

    @Test
    void unsetTokensMatchNothingNotEvenAnEmptyToken() {
        TokenRoles none = TokenRoles.of("", null, "  ");
        assertThat(none.isEmpty()).isTrue();
        assertThat(none.holderOf("")).isEmpty();
        assertThat(none.holderOf("  ")).isEmpty();
        assertThat(none.holderOf("anything")).isEmpty();
        // one unset token leaves the others working
        assertThat(TokenRoles.of("", "read-secret", "").holderOf("read-secret")).isPresent();
    }

    @Test
    void aSessionHolderHasTheRolesOfItsToken() {
        // a sign-in session keeps only its holder's name; the roles follow from it as from the token
        assertThat(TokenRoles.rolesOf("runner")).containsExactlyInAnyOrder("reader", "runner");
        assertThat(TokenRoles.rolesOf("reader")).containsExactly("reader");
        assertThat(TokenRoles.rolesOf("service")).containsExactly("service");
        assertThat(TokenRoles.rolesOf("admin")).isEmpty();
        assertThat(TokenRoles.rolesOf(null)).isEmpty();
    }
}
