import { describe, expect, it } from 'vitest';
import { parseLogoutRequest, parseServiceResponse } from './cas.ts';
import { parseXml, XmlError } from './xml.ts';

describe('the strict XML reader', () => {
  it('reads a CAS 3.0 reply with attributes, entities, CDATA and comments', () => {
    const id = parseServiceResponse(`<?xml version="1.0"?>
<!-- a comment --><cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess>
  <cas:user>li&amp;wang</cas:user>
  <cas:attributes><cas:displayName><![CDATA[Li <Wang>]]></cas:displayName><cas:memberOf>a</cas:memberOf><cas:memberOf>b&#x4e2d;</cas:memberOf></cas:attributes>
</cas:authenticationSuccess></cas:serviceResponse>`);
    expect(id).toEqual({ user: 'li&wang', attributes: { displayName: ['Li <Wang>'], memberOf: ['a', 'b中'] } });
  });

  it('an authenticationFailure is no identity', () => {
    expect(parseServiceResponse('<cas:serviceResponse xmlns:cas="x"><cas:authenticationFailure code="INVALID_TICKET">no</cas:authenticationFailure></cas:serviceResponse>')).toBeNull();
  });

  it('refuses document types (no entity expansion), unknown entities and broken documents', () => {
    const bomb = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><a>&lol2;</a>';
    expect(() => parseXml(bomb)).toThrow(XmlError);
    expect(() => parseXml('<!DOCTYPE a SYSTEM "file:///etc/passwd"><a/>')).toThrow(XmlError);
    expect(() => parseXml('<a>&xxe;</a>')).toThrow(XmlError);
    expect(() => parseXml('<a><b></a>')).toThrow(XmlError);
    expect(() => parseXml('<a/><b/>')).toThrow(XmlError);
    expect(() => parseXml('<a>')).toThrow(XmlError);
    expect(() => parseServiceResponse('<!DOCTYPE x><x/>')).toThrow(/sso.providerUnreachable/);
  });

  it('finds the ticket of a single-logout request, and nothing in anything else', () => {
    expect(parseLogoutRequest('<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="1"><samlp:SessionIndex> ST-1 </samlp:SessionIndex></samlp:LogoutRequest>')).toBe('ST-1');
    expect(parseLogoutRequest('<other><samlp:SessionIndex>ST-1</samlp:SessionIndex></other>')).toBeNull();
    expect(parseLogoutRequest('not xml')).toBeNull();
  });
});
