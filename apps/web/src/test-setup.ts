import { configure } from '@testing-library/dom';

// `findBy…` waits for a DOM change; its 1 s default is shorter than a first MUI render takes on a
// loaded machine (the confirm dialog's test failed there in CI). A pass still ends as soon as the
// element appears.
configure({ asyncUtilTimeout: 15_000 });
