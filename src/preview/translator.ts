/** The preview's words in its language: a message key and its parameters to the text shown. */

import type { MessageKey } from '../i18n/catalog';
import type { MessageParams } from '../i18n/translate';

export type Translator = (key: MessageKey, params?: MessageParams) => string;
